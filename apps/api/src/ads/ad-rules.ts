import type { AdClockChange, AdClockRow } from '../repositories/ad-break.repository';

/** How often the player reports while the station plays. */
export const HEARTBEAT_SECONDS = 15;
/** The most one report counts: a heartbeat's interval and its slack. A longer gap (a closed tab, a sleeping phone) counts as this. */
export const MAX_CREDIT_SECONDS = 30;
/** How long after a break was handed out the relay still admits the listener (the player stops the station first). */
export const GRACE_SECONDS = 10;
/** A break handed out and not heard this long after it could have ended starts again when it is handed out next. */
export const STALE_BREAK_SECONDS = 60;

/** The clock of one listener as the rules read it. */
export type AdClock = Pick<AdClockRow, 'listenedSeconds' | 'reportedAt' | 'breakId' | 'breakSeconds' | 'breakStartedAt' | 'breaksHeard'>;

/** A spot ready to be handed out: where the player fetches it and how long it plays. */
export interface ChosenSpot {
  url: string;
  seconds: number;
}

/**
 * Seconds a report adds: the time since the previous report, at most MAX_CREDIT_SECONDS, and nothing when the player
 * only says it starts (listening false), before any report, or while a break is handed out (the station is stopped).
 */
export function creditFor(clock: AdClock, listening: boolean, now: Date): number {
  if (!listening || !clock.reportedAt || clock.breakId) return 0;
  const elapsed = (now.getTime() - clock.reportedAt.getTime()) / 1000;
  return Math.min(MAX_CREDIT_SECONDS, Math.max(0, elapsed));
}

/** Whether this report fills the interval (the caller then chooses a spot to hand out). */
export function fillsInterval(clock: AdClock, listening: boolean, everySeconds: number, now: Date): boolean {
  return !clock.breakId && clock.listenedSeconds + creditFor(clock, listening, now) >= everySeconds;
}

/**
 * What a report changes: the time counted, and `spot` handed out as a break once the interval is full (without a spot,
 * none can be: the count goes on), or a stale break restarted.
 */
export function afterReport(clock: AdClock, listening: boolean, everySeconds: number, now: Date, spot: ChosenSpot | undefined, newId: () => string): AdClockChange {
  if (clock.breakId) {
    const end = (clock.breakStartedAt?.getTime() ?? 0) + (clock.breakSeconds ?? 0) * 1000;
    // Not heard long after it could have ended (the tab was closed mid-break): it plays again from its start.
    return now.getTime() > end + STALE_BREAK_SECONDS * 1000 ? { breakStartedAt: now, reportedAt: now } : { reportedAt: now };
  }
  const listened = clock.listenedSeconds + creditFor(clock, listening, now);
  const chosen = listened >= everySeconds ? spot : undefined;
  if (!chosen) return { listenedSeconds: listened, reportedAt: now };
  return { listenedSeconds: listened, reportedAt: now, breakId: newId(), breakSpot: chosen.url, breakSeconds: chosen.seconds, breakStartedAt: now };
}

/**
 * Whether the relay hands out the break itself, from its own count of the listener's streams: a heartbeat (at most)
 * after the interval is full, so a player that reports gets the break from its own heartbeat first and ducks the station
 * before the relay would end it; a client that never reports gets it then, and loses the stream after the grace.
 */
export function relayHandsOut(clock: AdClock, everySeconds: number): boolean {
  return !clock.breakId && clock.listenedSeconds >= everySeconds + Math.min(HEARTBEAT_SECONDS, everySeconds);
}

/** Why a completion is refused: no such break for this listener, or the spot cannot have ended yet (seconds left). */
export type CompletionRefusal = { kind: 'unknown' } | { kind: 'early'; secondsLeft: number };

export function completionRefusal(clock: AdClock | undefined, breakId: string, now: Date): CompletionRefusal | undefined {
  if (!clock?.breakId || clock.breakId !== breakId || !clock.breakStartedAt) return { kind: 'unknown' };
  const left = (clock.breakStartedAt.getTime() + (clock.breakSeconds ?? 0) * 1000 - now.getTime()) / 1000;
  return left > 0 ? { kind: 'early', secondsLeft: Math.ceil(left) } : undefined;
}

/** A heard break: the count starts again from now. */
export function afterCompletion(clock: AdClock, now: Date): AdClockChange {
  return { listenedSeconds: 0, reportedAt: now, breakId: null, breakSpot: null, breakSeconds: null, breakStartedAt: null, breaksHeard: clock.breaksHeard + 1 };
}

/** A break was handed out more than GRACE_SECONDS ago and not heard: the relay refuses this listener new streams. */
export function overdue(clock: AdClock, now: Date): boolean {
  return !!clock.breakId && !!clock.breakStartedAt && now.getTime() - clock.breakStartedAt.getTime() > GRACE_SECONDS * 1000;
}

/** Seconds of listening left before the next break (0 when one is due or handed out). */
export function dueInSeconds(clock: AdClock, everySeconds: number): number {
  return clock.breakId ? 0 : Math.max(0, Math.ceil(everySeconds - clock.listenedSeconds));
}
