import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An action behind a button that is not a form (resend a mail, sign out, like a station): `running` while its promise
 * is pending, and a second call while it runs is ignored (resolves to undefined) rather than sent twice. Forms use
 * react-hook-form's isSubmitting instead.
 */
export function useAsyncAction<A extends unknown[], R>(action: (...args: A) => Promise<R>): { run: (...args: A) => Promise<R | undefined>; running: boolean } {
  const [running, setRunning] = useState(false);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setRunning(true);
    try {
      return await latest.current(...args);
    } finally {
      inFlight.current = false;
      if (mounted.current) setRunning(false);
    }
  }, []);

  return { run, running };
}
