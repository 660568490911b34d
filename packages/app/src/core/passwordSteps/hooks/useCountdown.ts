import { useCallback, useEffect, useState } from 'react';

// Ticks more often than once a second so the shown second never lags a whole second behind.
const TICK_MS = 250;

/**
 * A countdown on the wall clock: `start()` begins `seconds` seconds; `remainingSeconds` counts
 * down to 0, then `isRunning` turns false. Reading `Date.now()` (not counting ticks) keeps it
 * right when timers are throttled in a background tab.
 */
export function useCountdown(seconds: number) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, [seconds]);

  const remainingSeconds = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { start, remainingSeconds, isRunning: remainingSeconds > 0 };
}
