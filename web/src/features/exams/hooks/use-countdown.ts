// The attempt's countdown as React state, ticking 4 times a second (so that the shown second never
// lags behind by much), on the server's clock.
import { useEffect, useState } from 'react';
import { remainingMs } from './exam-timer';

export function useCountdown(deadline: string | null, offsetMs: number): number | null {
  const [left, setLeft] = useState(() => remainingMs(deadline, Date.now(), offsetMs));
  useEffect(() => {
    const tick = () => setLeft(remainingMs(deadline, Date.now(), offsetMs));
    tick();
    if (!deadline) return;
    const id = window.setInterval(tick, 250);
    return () => window.clearInterval(id);
  }, [deadline, offsetMs]);
  return left;
}
