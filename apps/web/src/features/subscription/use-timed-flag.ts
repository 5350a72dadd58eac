import { useCallback, useEffect, useRef, useState } from 'react';

/** A flag that `raise()` sets for `ms` milliseconds (raising it again restarts the time). */
export function useTimedFlag(ms: number): { up: boolean; raise: () => void; lower: () => void } {
  const [up, setUp] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lower = useCallback(() => {
    clearTimeout(timer.current);
    setUp(false);
  }, []);
  const raise = useCallback(() => {
    clearTimeout(timer.current);
    setUp(true);
    timer.current = setTimeout(() => setUp(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { up, raise, lower };
}
