import { useSessionSync } from '../hooks/useSessionSync.ts';

/** Renders nothing: starts the session and follows other tabs (see `useSessionSync`). */
export function SessionSyncEffect() {
  useSessionSync();
  return null;
}
