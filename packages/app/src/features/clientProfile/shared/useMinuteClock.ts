import { useEffect, useState } from 'react';

const minuteMs = 60_000;

/** The time now, moved on every minute (a client's clock on screen stays right). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), minuteMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}
