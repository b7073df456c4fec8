import { useEffect, useEffectEvent, useState } from 'react';
import { currentTime } from '../../../lib/time';

/** Seconds left of a countdown that starts on mount; `onDone` runs once when it reaches zero. */
export function useCountdown(seconds: number, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const finish = useEffectEvent(onDone);
  useEffect(() => {
    const started = currentTime();
    const tick = setInterval(() => {
      setLeft(Math.max(0, seconds - Math.floor((currentTime() - started) / 1000)));
    }, 200);
    const done = setTimeout(() => finish(), seconds * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [seconds]);
  return left;
}
