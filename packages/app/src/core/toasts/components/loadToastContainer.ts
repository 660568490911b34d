import type { ComponentType } from 'react';

/**
 * The toast container's code, fetched on demand. Without it (the network failed) toasts stay
 * queued: the screens still show everything.
 */
export function loadToastContainer(): Promise<{ default: ComponentType }> {
  return import('./ToastContainer.tsx').catch(() => ({ default: () => null }));
}
