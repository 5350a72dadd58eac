import { afterCompletion, afterReport, type AdClock, completionRefusal, creditFor, dueInSeconds, fillsInterval, MAX_CREDIT_SECONDS, overdue, relayHandsOut } from './ad-rules';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 20, 0, 0) + seconds * 1000);
const fresh: AdClock = { listenedSeconds: 0, reportedAt: null, breakId: null, breakSeconds: null, breakStartedAt: null, breaksHeard: 0 };
const spot = { url: '/api/v1/ads/spots/grouarock-premium.mp3', seconds: 8 };
const id = () => 'b0000000-0000-4000-8000-000000000001';

describe('ad rules', () => {
  it('counts the time between heartbeats, capped, and nothing for a start, a first report or during a break', () => {
    const clock = { ...fresh, reportedAt: at(0) };
    expect(creditFor(clock, true, at(15))).toBe(15);
    expect(creditFor(clock, true, at(3600))).toBe(MAX_CREDIT_SECONDS);
    expect(creditFor(clock, false, at(15))).toBe(0);
    expect(creditFor(fresh, true, at(15))).toBe(0);
    expect(creditFor({ ...clock, breakId: id() }, true, at(15))).toBe(0);
    // A clock that ran backwards never takes time away.
    expect(creditFor(clock, true, at(-10))).toBe(0);
  });

  it('hands out a break once the interval is full, and only then', () => {
    const clock = { ...fresh, listenedSeconds: 890, reportedAt: at(0) };
    expect(fillsInterval(clock, true, 900, at(5))).toBe(false);
    expect(afterReport(clock, true, 900, at(5), undefined, id)).toEqual({ listenedSeconds: 895, reportedAt: at(5) });
    expect(fillsInterval(clock, true, 900, at(15))).toBe(true);
    expect(afterReport(clock, true, 900, at(15), spot, id)).toEqual({
      listenedSeconds: 905, reportedAt: at(15), breakId: id(), breakSpot: spot.url, breakSeconds: 8, breakStartedAt: at(15),
    });
    // No spot to play: the count goes on and no break is made up.
    expect(afterReport(clock, true, 900, at(15), undefined, id)).toEqual({ listenedSeconds: 905, reportedAt: at(15) });
  });

  it('keeps a handed-out break across reports (a reload), and restarts it when it went unheard long after its end', () => {
    const pending = { ...fresh, listenedSeconds: 905, reportedAt: at(15), breakId: id(), breakSeconds: 8, breakStartedAt: at(15) };
    expect(fillsInterval(pending, true, 900, at(30))).toBe(false);
    expect(afterReport(pending, true, 900, at(30), spot, id)).toEqual({ reportedAt: at(30) });
    expect(afterReport(pending, false, 900, at(15 + 8 + 61), spot, id)).toEqual({ breakStartedAt: at(84), reportedAt: at(84) });
    expect(dueInSeconds(pending, 900)).toBe(0);
    expect(dueInSeconds({ ...fresh, listenedSeconds: 100.2 }, 900)).toBe(800);
  });

  it("accepts a completion only for the listener's break and not before its spot can have played whole", () => {
    const pending = { ...fresh, breakId: id(), breakSeconds: 8, breakStartedAt: at(0) };
    expect(completionRefusal(pending, id(), at(3))).toEqual({ kind: 'early', secondsLeft: 5 });
    expect(completionRefusal(pending, 'b0000000-0000-4000-8000-000000000002', at(9))).toEqual({ kind: 'unknown' });
    expect(completionRefusal(fresh, id(), at(9))).toEqual({ kind: 'unknown' });
    expect(completionRefusal(undefined, id(), at(9))).toEqual({ kind: 'unknown' });
    expect(completionRefusal(pending, id(), at(8))).toBeUndefined();
    expect(afterCompletion({ ...pending, breaksHeard: 2 }, at(8))).toEqual({
      listenedSeconds: 0, reportedAt: at(8), breakId: null, breakSpot: null, breakSeconds: null, breakStartedAt: null, breaksHeard: 3,
    });
  });

  it('has the relay hand out a break a heartbeat after the interval is full, so a reporting player gets it first', () => {
    expect(relayHandsOut({ ...fresh, listenedSeconds: 900 }, 900)).toBe(false);
    expect(relayHandsOut({ ...fresh, listenedSeconds: 914.9 }, 900)).toBe(false);
    expect(relayHandsOut({ ...fresh, listenedSeconds: 915 }, 900)).toBe(true);
    // A test's short interval: one interval past full.
    expect(relayHandsOut({ ...fresh, listenedSeconds: 6 }, 3)).toBe(true);
    expect(relayHandsOut({ ...fresh, listenedSeconds: 5000, breakId: id(), breakSeconds: 8, breakStartedAt: at(0) }, 900)).toBe(false);
  });

  it('makes a listener overdue only after the grace following the hand-out', () => {
    const pending = { ...fresh, breakId: id(), breakSeconds: 8, breakStartedAt: at(0) };
    expect(overdue(pending, at(10))).toBe(false);
    expect(overdue(pending, at(11))).toBe(true);
    expect(overdue({ ...fresh, listenedSeconds: 5000 }, at(11))).toBe(false);
  });
});
