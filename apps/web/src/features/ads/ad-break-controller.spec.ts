import { AdBreakController, type StationHold } from './ad-break-controller';
import type { AdBreakDto, AdsApi, AdStateDto } from './ads-api';
import type { AdBreakView } from './ad-break-atom';
import type { SpotPlayback } from './spot-player';

const adBreak: AdBreakDto = {
  id: 'b0000000-0000-4000-8000-000000000001',
  spotUrl: '/api/v1/ads/spots/grouarock-premium.mp3',
  seconds: 8,
  startedAt: '2026-11-27T20:00:00.000Z',
  endsAt: '2026-11-27T20:00:08.000Z',
};
const state = (over: Partial<AdStateDto> = {}): AdStateDto => ({ ads: true, everySeconds: 900, heartbeatSeconds: 15, listenedSeconds: 0, dueInSeconds: 900, break: null, ...over });

/** A spot whose end the test decides. */
function fakeSpot() {
  let finish: (heard: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => (finish = resolve));
  const playback: SpotPlayback = { done, secondsLeft: () => 5, stop: jest.fn(() => finish(false)) };
  return { playback, finish };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('AdBreakController', () => {
  let api: jest.Mocked<AdsApi>;
  let station: jest.Mocked<StationHold>;
  let views: (AdBreakView | null)[];
  let spot: ReturnType<typeof fakeSpot>;
  let played: string[];

  beforeEach(() => {
    jest.useFakeTimers();
    api = { report: jest.fn<Promise<AdStateDto>, [boolean]>(async () => state()), complete: jest.fn<Promise<AdStateDto | 'early'>, [string]>(async () => state()) };
    station = { hold: jest.fn(async () => undefined), resume: jest.fn(async () => undefined) };
    views = [];
    spot = fakeSpot();
    played = [];
  });
  afterEach(() => jest.useRealTimers());

  const controller = () =>
    new AdBreakController({
      api,
      station,
      onView: (view) => views.push(view),
      playSpot: (url) => {
        played.push(url);
        return spot.playback;
      },
    });

  it('says when the station starts, then reports every heartbeat while it plays, and stops when it stops', async () => {
    const ads = controller();
    ads.deckChanged('loading');
    expect(api.report).not.toHaveBeenCalled();
    ads.deckChanged('playing');
    await settle();
    expect(api.report.mock.calls).toEqual([[false]]);
    await jest.advanceTimersByTimeAsync(15_000);
    await jest.advanceTimersByTimeAsync(15_000);
    expect(api.report.mock.calls).toEqual([[false], [true], [true]]);
    ads.deckChanged('stopped');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(api.report).toHaveBeenCalledTimes(3);
    ads.dispose();
  });

  it('plays a break handed out: holds the station, counts down, completes after the spot and resumes at the live edge', async () => {
    api.report.mockResolvedValueOnce(state()).mockResolvedValueOnce(state({ dueInSeconds: 0, break: adBreak }));
    const ads = controller();
    ads.deckChanged('playing');
    await jest.advanceTimersByTimeAsync(15_000);
    expect(station.hold).toHaveBeenCalledTimes(1);
    expect(played).toEqual([adBreak.spotUrl]);
    expect(ads.onBreak).toBe(true);
    expect(views.at(-1)).toEqual({ phase: 'spot', secondsLeft: 5 });
    // No skipping: a station started meanwhile is held again, and no heartbeat counts the break.
    ads.deckChanged('loading');
    expect(station.hold).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(api.report).toHaveBeenCalledTimes(2);
    expect(api.complete).not.toHaveBeenCalled();

    spot.finish(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(api.complete).toHaveBeenCalledWith(adBreak.id);
    expect(station.resume).toHaveBeenCalledTimes(1);
    expect(views.at(-1)).toBeNull();
    expect(ads.onBreak).toBe(false);
    // Playing again after the break starts the count afresh.
    ads.deckChanged('playing');
    await settle();
    expect(api.report.mock.calls.at(-1)).toEqual([false]);
    ads.dispose();
  });

  it('asks again while the server finds the completion early, and waits out a spot that would not play', async () => {
    api.report.mockResolvedValueOnce(state({ break: adBreak }));
    api.complete.mockResolvedValueOnce('early').mockResolvedValueOnce(state());
    const ads = controller();
    ads.deckChanged('playing');
    await settle();
    spot.finish(false);
    await jest.advanceTimersByTimeAsync(7_000);
    expect(api.complete).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1_100);
    expect(api.complete).toHaveBeenCalledTimes(1);
    expect(station.resume).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(api.complete).toHaveBeenCalledTimes(2);
    expect(station.resume).toHaveBeenCalledTimes(1);
    ads.dispose();
  });

  it('asks for a due break when the station would not start (the relay refuses an overdue listener)', async () => {
    api.report.mockResolvedValueOnce(state({ break: adBreak }));
    const ads = controller();
    ads.deckChanged('loading');
    ads.deckChanged('error');
    await settle();
    expect(api.report.mock.calls).toEqual([[false]]);
    expect(played).toEqual([adBreak.spotUrl]);
    ads.dispose();
    expect(spot.playback.stop).toHaveBeenCalled();
  });

  it('never holds the station for a listener without ads', async () => {
    api.report.mockResolvedValue(state({ ads: false, dueInSeconds: 0 }));
    const ads = controller();
    ads.deckChanged('playing');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(station.hold).not.toHaveBeenCalled();
    expect(views).toEqual([]);
    // Nothing to count: no heartbeats until the station starts again.
    expect(api.report.mock.calls).toEqual([[false]]);
    ads.dispose();
  });
});
