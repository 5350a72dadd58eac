import type { VisitDto } from './api/visits';

/** Where this browser session keeps its visitor id and the answer the server gave for it. */
export const sessionIdKey = 'grouarock.visitor.sessionId';
export const visitKey = 'grouarock.visitor.visit';

/** The visitor who wins (number 1000). */
export const winnerNumber = 1000;

export type VisitStorage = Pick<Storage, 'getItem' | 'setItem'>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session's visitor id: the stored one, or a new random UUID that is stored for the rest of the session. */
export function sessionVisitorId(storage: VisitStorage, newId: () => string = () => crypto.randomUUID()): string {
  const stored = storage.getItem(sessionIdKey);
  if (stored && uuidPattern.test(stored)) return stored;
  const id = newId();
  storage.setItem(sessionIdKey, id);
  return id;
}

function isVisit(value: unknown): value is VisitDto {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.count === 'number' &&
    Number.isInteger(v.count) &&
    v.count > 0 &&
    typeof v.winner === 'boolean' &&
    (v.winnerAt === null || typeof v.winnerAt === 'string')
  );
}

/** The server's answer stored earlier in this session, or null (none yet, or unreadable). */
export function storedVisit(storage: VisitStorage): VisitDto | null {
  const raw = storage.getItem(visitKey);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isVisit(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let inFlight: Promise<VisitDto> | null = null;

/**
 * Registers the visit once per browser session: the first load asks the server (concurrent callers share that
 * one request) and keeps its answer in session storage; later loads of the session reuse the kept answer, so a
 * visitor keeps their number and the winner keeps their banner while they browse.
 */
export function registerVisitOnce(register: (sessionId: string) => Promise<VisitDto>, storage: VisitStorage, newId?: () => string): Promise<VisitDto> {
  const kept = storedVisit(storage);
  if (kept) return Promise.resolve(kept);
  if (!inFlight) {
    const sessionId = sessionVisitorId(storage, newId);
    inFlight = register(sessionId)
      .then((visit) => {
        storage.setItem(visitKey, JSON.stringify({ count: visit.count, winner: visit.winner, winnerAt: visit.winnerAt }));
        return visit;
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}
