import { tokenStorageKeys } from '@coach/api';
import { useEffect } from 'react';
import { useSetAtom } from '../../../state/jotai.ts';
import { loadSessionAtom } from '../atoms/loadSessionAtom.ts';

/**
 * Starts the session once, then reloads it whenever another tab changes the stored access token
 * (a sign-in, a refresh, or a logout that signs every tab out). `key === null` is a storage clear.
 */
export function useSessionSync(target: Window = window): void {
  const loadSession = useSetAtom(loadSessionAtom);
  useEffect(() => {
    void loadSession('start');
    const handleStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== tokenStorageKeys.accessToken) return;
      if (event.key !== null && event.oldValue === event.newValue) return;
      void loadSession('storage');
    };
    target.addEventListener('storage', handleStorage);
    return () => target.removeEventListener('storage', handleStorage);
  }, [loadSession, target]);
}
