import { registerVisit, type VisitDto } from '@grouarock/api-client';
import useSWRImmutable from 'swr/immutable';
import { dataOf } from '../../../lib/query';
import { registerVisitOnce, type VisitStorage } from '../visitor-session';

export type { VisitDto };

/**
 * POST /visitors: this browser session's visitor number, asked once per session (the answer is kept in session
 * storage, and never refetched while the page lives). `storage` is the browser's session storage unless given; it is read
 * only in the browser, where the count is asked.
 */
export function useVisit(storage?: VisitStorage) {
  return useSWRImmutable('/visitors', () =>
    registerVisitOnce((sessionId) => dataOf(registerVisit({ body: { sessionId }, throwOnError: true })), storage ?? window.sessionStorage),
  );
}
