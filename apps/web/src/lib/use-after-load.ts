import { useEffect, useState } from 'react';

/** How long an idle moment is waited for once the page has loaded, at most. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Calls `then` once the page has loaded (the window's load event: its scripts, styles and fonts are in) and the browser
 * has had an idle moment since: for what no one needs in the first seconds, so its code does not take a slow network's
 * bandwidth from the page's own. Returns what cancels it.
 */
export function afterLoad(then: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(then, { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(then, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/** False until afterLoad's moment (the floating assistant waits for it), then true. */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoad(() => setReady(true)), []);
  return ready;
}
