import { useEffect, useRef } from 'react';

/**
 * Calls `retry` when the browser comes back online (its `online` event), for as long as the
 * caller is mounted: a failure shown while offline then loads again on its own.
 */
export function useRetryWhenOnline(retry: () => void, isEnabled = true): void {
  const retryRef = useRef(retry);
  useEffect(() => {
    retryRef.current = retry;
  });
  useEffect(() => {
    if (!isEnabled) return;
    const handleOnline = () => retryRef.current();
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, [isEnabled]);
}
