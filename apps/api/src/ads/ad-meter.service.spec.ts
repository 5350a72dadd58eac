import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { loadConfig } from '../core/config/config';
import type { AdBreakRepository, AdClockRow } from '../repositories/ad-break.repository';
import { AdMeterService } from './ad-meter.service';
import type { AdsService } from './ads.service';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 20, 0, 0) + seconds * 1000);
const clock = (id: string, change: Partial<AdClockRow> = {}): AdClockRow => ({
  id, userId: null, listenedSeconds: 0, reportedAt: null, breakId: null, breakSpot: null, breakSeconds: null, breakStartedAt: null, breaksHeard: 0, ...change,
});

/** A listener's connection as the relay holds it: it can be destroyed, and says when it closed. */
class FakeSocket extends EventEmitter {
  destroyed = false;
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

function setUp(answer: (spans: { id: string; since: Date; until: Date }[]) => AdClockRow[]) {
  const spans: { id: string; since: Date; until: Date }[][] = [];
  const clocks = { meter: async (s: { id: string; since: Date; until: Date }[]) => (spans.push(s), answer(s)) } as unknown as AdBreakRepository;
  const handedOut: string[] = [];
  const ads = { handOutIfDue: async (c: AdClockRow) => void handedOut.push(c.id) } as unknown as AdsService;
  return { meter: new AdMeterService(loadConfig({ ADS_EVERY_MINUTES: '15' }), clocks, ads), spans, handedOut };
}

describe('AdMeterService', () => {
  it("writes each listener's time once per flush, however many connections they have, and forgets them once they left", async () => {
    jest.useFakeTimers({ now: at(0) });
    const { meter, spans } = setUp((s) => s.map((span) => clock(span.id)));
    const [tab1, tab2] = [new FakeSocket(), new FakeSocket()];
    meter.watch('a', tab1 as unknown as Socket);
    meter.watch('a', tab2 as unknown as Socket);
    await meter.flush(at(5));
    expect(spans[0]).toEqual([{ id: 'a', since: at(0), until: at(5) }]);
    jest.setSystemTime(at(7));
    tab1.destroy();
    tab2.destroy();
    await meter.flush(at(10));
    // Counted up to the moment the last connection closed; then nothing more.
    expect(spans[1]).toEqual([{ id: 'a', since: at(5), until: at(7) }]);
    await meter.flush(at(15));
    expect(spans).toHaveLength(2);
    jest.useRealTimers();
  });

  it('ends the connections of a listener whose break is overdue, and has a full interval handed out', async () => {
    const overdue = clock('late', { breakId: 'b0000000-0000-4000-8000-000000000001', breakSeconds: 8, breakStartedAt: at(0) });
    const { meter, handedOut } = setUp((s) => s.map((span) => (span.id === 'late' ? overdue : clock(span.id, { listenedSeconds: 2000 }))));
    const late = new FakeSocket();
    const listening = new FakeSocket();
    meter.watch('late', late as unknown as Socket);
    meter.watch('full', listening as unknown as Socket);
    await meter.flush(at(11));
    expect([late.destroyed, listening.destroyed]).toEqual([true, false]);
    expect(handedOut).toEqual(['full']);
  });

  it('keeps the time when the database does not answer, and counts it on the next write', async () => {
    let fail = true;
    const { meter, spans } = setUp((s) => {
      if (fail) throw new Error('connection refused');
      return s.map((span) => clock(span.id));
    });
    jest.spyOn(meter['logger'], 'warn').mockImplementation(() => undefined);
    const socket = new FakeSocket();
    meter.watch('a', socket as unknown as Socket);
    const since = spans.length;
    await meter.flush(at(5));
    fail = false;
    await meter.flush(at(10));
    expect(spans[since + 1][0].since).toEqual(spans[since][0].since);
  });
});
