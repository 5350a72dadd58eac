import { useEffect, useState } from 'react';

/** False for the first paint, true right after it: what can wait (a lazy chunk) starts only once the page is shown. */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return painted;
}
