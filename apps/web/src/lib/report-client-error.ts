import { createClientLog } from '@grouarock/api-client';

const reported = new Set<string>();
/** A broken page can throw in a loop; the server also rate-limits, but we stop well before that. */
const maxReportsPerPage = 10;

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Sends a 404 or an error to the API once per distinct report; failures are only logged. */
export function reportToApi(kind: 'not_found' | 'error', message?: string, stack?: string): void {
  const path = currentPath();
  const key = `${kind}|${path}|${message ?? ''}`;
  if (reported.has(key) || reported.size >= maxReportsPerPage) return;
  reported.add(key);
  createClientLog({
    body: { kind, path, message: message?.slice(0, 2000), stack: stack?.slice(0, 8000) },
  }).catch((e: unknown) => console.warn('Could not report to the API', e));
}

/** Uncaught errors and rejected promises anywhere in the page. */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) => {
    const error = event.error as Error | undefined;
    reportToApi('error', error?.message ?? event.message, error?.stack);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as Error | undefined;
    reportToApi('error', reason?.message ?? String(event.reason), reason?.stack);
  });
}
