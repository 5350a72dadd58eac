/**
 * The style nonce of this page's answer, handed to the libraries that write `<style>` elements with text (Radix's
 * dialogs, menus and selects through react-remove-scroll, whose CSS depends on the scrollbar's width, so no hash can
 * name it). The server's Content-Security-Policy allows such an element only with the answer's nonce; the server
 * gives it in the answer's `Server-Timing: csp-nonce;desc="…"` (apps/api/src/core/http/content-security-policy.ts),
 * which this page's scripts read from its navigation's timing entry, and which markup injected into the page cannot.
 * get-nonce (react-style-singleton's) reads webpack's global name for it.
 */
export function installStyleNonce(): void {
  if (take(performance.getEntriesByType?.('navigation') ?? [])) return;
  // A page whose `performance` was replaced (a test's fake clock lists no entries) still has the browser's own record
  // of its navigation, delivered to an observer (before any dialog can open: that takes a person's click).
  if (typeof PerformanceObserver === 'undefined') return;
  const observer = new PerformanceObserver((list) => {
    if (take(list.getEntries())) observer.disconnect();
  });
  observer.observe({ type: 'navigation', buffered: true });
}

/** Hands the nonce of the navigation among these entries to get-nonce; whether there was one. */
function take(entries: PerformanceEntryList): boolean {
  const navigation = entries.find((entry): entry is PerformanceNavigationTiming => entry.entryType === 'navigation');
  const nonce = navigation?.serverTiming?.find((entry) => entry.name === 'csp-nonce')?.description;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
  return nonce !== undefined && nonce !== '';
}
