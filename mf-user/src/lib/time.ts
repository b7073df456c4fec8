import { useEffect, useState } from 'react';
import { formatDate } from '@portal/platform';

export const currentTime = (): number => Date.now();

/** Today's date in the browser's time zone, 'YYYY-MM-DD'. */
export const todayString = (): string => formatDate(new Date());

/** The current time, refreshed every minute, for figures that depend on it. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(currentTime);
  useEffect(() => {
    const timer = setInterval(() => setNow(currentTime()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
