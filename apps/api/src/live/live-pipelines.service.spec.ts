import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { AppConfig } from '../core/config/config';
import { Metrics } from '../core/metrics/metrics';
import type { RealtimeEvent } from '../repositories/schema/realtime-event';
import type { EventBus } from '../repositories/event-bus';
import type { Ffmpeg } from '../repositories/ffmpeg';
import type { HlsFiles } from '../repositories/hls-files';
import type { LiveStreamRepository } from '../repositories/live-stream.repository';
import { LIVE_INTERNAL_CHANNEL } from './live-events';
import { LivePipelines } from './live-pipelines.service';
import { HOLD_SECONDS, LiveSlots, type Slot } from './live-slots.service';
import type { LiveService } from './live.service';

/** An ffmpeg that runs until its input is closed or it is killed. */
function runningFfmpeg(): ChildProcess {
  const child = Object.assign(new EventEmitter(), { stdin: new PassThrough(), stderr: new PassThrough(), exitCode: null as number | null, signalCode: null });
  const exit = () => {
    if (child.exitCode !== null) return;
    child.exitCode = 0;
    setImmediate(() => child.emit('exit', 0));
  };
  child.stdin.on('finish', exit);
  return Object.assign(child, { kill: () => (exit(), true) }) as unknown as ChildProcess;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * LivePipelines over a stream table in memory: `status` per stream, the holds, the live streams awaiting their
 * publisher's return, and what was done to each stream.
 */
function setUp() {
  const status = new Map<string, 'ready' | 'live' | 'ended'>();
  const held = new Map<string, string>();
  const awaiting = new Set<string>();
  const steps: string[] = [];
  const journal: { sequence: number; uri: string; duration: number; discontinuity: boolean }[] = [];
  const streams = {
    holdPublisher: (id: string) => {
      const continues = status.get(id) === 'live' && awaiting.has(id);
      if ((status.get(id) !== 'ready' && !continues) || held.has(id)) return Promise.resolve('busy');
      held.set(id, 'until');
      return Promise.resolve({ until: 'until', continues });
    },
    renewPublisher: (id: string) => Promise.resolve((status.get(id) === 'ready' || awaiting.has(id)) && held.has(id) ? 'until' : undefined),
    releasePublisher: (id: string) => Promise.resolve(void held.delete(id)),
    addSegments: (_id: string, segments: typeof journal) => Promise.resolve(void journal.push(...segments)),
    journalTail: () => Promise.resolve({ segments: journal.slice(-6), discontinuitiesBefore: 0 }),
  };
  let folderMade: () => void = () => undefined;
  let folderWait = Promise.resolve();
  let playlist: string | undefined;
  const published: string[] = [];
  const files = {
    create: async (id: string) => {
      folderMade();
      await folderWait;
      steps.push(`folder ${id}`);
      return `/scratch/${id}`;
    },
    removeScratch: (id: string) => Promise.resolve(void steps.push(`scratch removed ${id}`)),
    readPackagerPlaylist: () => Promise.resolve(playlist),
    publishSegment: () => Promise.resolve(),
    publishPlaylist: (_id: string, text: string) => Promise.resolve(void published.push(text)),
  };
  const ffmpegs: ChildProcess[] = [];
  const ffmpeg = {
    packageHls: () => {
      const child = runningFfmpeg();
      ffmpegs.push(child);
      return child;
    },
  };
  const live = {
    goLive: (id: string) => {
      const went = status.get(id) === 'ready';
      if (went) status.set(id, 'live');
      steps.push(went ? `live ${id}` : `not live ${id}`);
      return Promise.resolve(went);
    },
    end: (id: string) => {
      if (status.get(id) === 'live') status.set(id, 'ended');
      steps.push(`end ${id}`);
      return Promise.resolve();
    },
    disconnect: (id: string) => {
      const waits = status.get(id) === 'live';
      if (waits) awaiting.add(id);
      steps.push(waits ? `awaits ${id}` : `not awaiting ${id}`);
      return Promise.resolve(waits);
    },
    reconnected: (id: string) => {
      const back = status.get(id) === 'live' && awaiting.delete(id);
      steps.push(back ? `reconnected ${id}` : `not reconnected ${id}`);
      return Promise.resolve(back);
    },
    writeReplay: (id: string) => Promise.resolve(void steps.push(`replay ${id}`)),
  };
  let listener: (event: RealtimeEvent) => void = () => undefined;
  const bus = { onEvent: (l: typeof listener) => ((listener = l), () => undefined) };
  const config = { live: { maxPublishers: 4, maxTranscodes: 1, reconnectSeconds: 30 } } as AppConfig;
  const slots = new LiveSlots(config, streams as unknown as LiveStreamRepository);
  const metrics = new Metrics();
  const pipelines = new LivePipelines(
    live as unknown as LiveService,
    slots,
    streams as unknown as LiveStreamRepository,
    files as unknown as HlsFiles,
    ffmpeg as unknown as Ffmpeg,
    bus as unknown as EventBus,
    metrics,
  );
  pipelines.onApplicationBootstrap();
  return {
    status,
    held,
    awaiting,
    steps,
    journal,
    published,
    metrics,
    ffmpegs,
    slots,
    pipelines,
    claim: (id: string): Slot => {
      status.set(id, status.get(id) ?? 'ready');
      const slot = slots.claim(id, false);
      if (typeof slot === 'string') throw new Error(slot);
      return slot;
    },
    retired: (id: string) => listener({ channel: LIVE_INTERNAL_CHANNEL, type: 'retired', data: { id } } as RealtimeEvent),
    /** The next folder waits for `release()`; `asked` resolves when it is asked for. */
    slowFolder: () => {
      let release!: () => void;
      folderWait = new Promise((resolve) => (release = resolve));
      const asked = new Promise<void>((resolve) => (folderMade = resolve));
      return { asked, release };
    },
    writeSegment: () => (playlist = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:1.000000,\nseg-0.ts\n'),
    /** ffmpeg's scratch as a new ffmpeg starts it: nothing written yet. */
    newScratch: () => (playlist = undefined),
  };
}

/** The value of a metric's sample in the Prometheus text, by its name and labels as written (`{protocol="rtmp"}`). */
async function sample(metrics: Metrics, name: string): Promise<number | undefined> {
  const line = (await metrics.text()).split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('LivePipelines', () => {
  afterEach(() => jest.useRealTimers());

  it('starts no ffmpeg for a stream that ended while its folder was made, and gives its slot and hold back', async () => {
    const t = setUp();
    const slot = t.claim('s1');
    const drop = jest.fn();
    slot.publisher = { drop };
    const folder = t.slowFolder();
    const started = t.pipelines.start(slot, 'rtmp', { kind: 'rtmp', url: 'rtmp://127.0.0.1/live/k' });
    await folder.asked;
    t.status.set('s1', 'ended');
    t.retired('s1');
    folder.release();
    expect(await started).toBe('ended');
    expect(t.ffmpegs).toHaveLength(0);
    expect(t.steps).toEqual(['folder s1', 'scratch removed s1']);
    expect(t.slots.of('s1')).toBeUndefined();
    expect(t.held.has('s1')).toBe(false);
    expect(drop).toHaveBeenCalled();
  });

  it('refuses a publisher whose stream is not ready or held elsewhere, and gives its slot back', async () => {
    const t = setUp();
    t.status.set('s1', 'ended');
    expect(await t.pipelines.start(t.claim('s1'), 'browser', { kind: 'webm', transcode: false })).toBe('busy');
    t.held.set('s2', 'another process');
    expect(await t.pipelines.start(t.claim('s2'), 'browser', { kind: 'webm', transcode: false })).toBe('busy');
    expect(t.slots.of('s1')).toBeUndefined();
    expect(t.slots.of('s2')).toBeUndefined();
    expect(t.ffmpegs).toHaveLength(0);
  });

  it('finishes a running pipeline when its stream is retired: ffmpeg stopped, the replay written, the publisher dropped', async () => {
    const t = setUp();
    const slot = t.claim('s1');
    const drop = jest.fn();
    slot.publisher = { drop };
    const pipeline = await t.pipelines.start(slot, 'rtmp', { kind: 'rtmp', url: 'rtmp://127.0.0.1/live/k' });
    expect(typeof pipeline).toBe('object');
    expect(t.pipelines.count).toBe(1);
    t.retired('s1');
    await wait(50);
    expect(t.ffmpegs[0].exitCode).toBe(0);
    expect(t.steps).toEqual(['folder s1', 'replay s1', 'scratch removed s1']);
    expect(t.pipelines.count).toBe(0);
    expect(drop).toHaveBeenCalled();
  });

  it('finishes a starting pipeline whose stream was deleted with no event, when the renewal of its hold finds it gone', async () => {
    const t = setUp();
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    await t.pipelines.start(t.claim('s1'), 'rtmp', { kind: 'rtmp', url: 'rtmp://127.0.0.1/live/k' });
    t.status.delete('s1');
    await jest.advanceTimersByTimeAsync((HOLD_SECONDS * 1000) / 3);
    jest.useRealTimers();
    await wait(50);
    expect(t.pipelines.count).toBe(0);
    expect(t.ffmpegs[0].exitCode).toBe(0);
    expect(t.steps).toContain('replay s1');
  });

  it('finishes a pipeline whose first segment cannot make its stream live (it ended meanwhile, unannounced)', async () => {
    const t = setUp();
    await t.pipelines.start(t.claim('s1'), 'rtmp', { kind: 'rtmp', url: 'rtmp://127.0.0.1/live/k' });
    t.status.set('s1', 'ended');
    t.writeSegment();
    await wait(300);
    expect(t.steps).toContain('not live s1');
    expect(t.pipelines.count).toBe(0);
    expect(t.ffmpegs[0].exitCode).toBe(0);
  });

  it('keeps a pipeline that went live, its hold given back', async () => {
    const t = setUp();
    await t.pipelines.start(t.claim('s1'), 'rtmp', { kind: 'rtmp', url: 'rtmp://127.0.0.1/live/k' });
    t.writeSegment();
    await wait(300);
    expect(t.steps).toContain('live s1');
    expect(t.held.has('s1')).toBe(false);
    expect(t.pipelines.count).toBe(1);
    await t.pipelines.onModuleDestroy();
  });
});

describe('LivePipelines and a publisher who drops and comes back', () => {
  const rtmp = { kind: 'rtmp', url: 'rtmp://127.0.0.1/live/k' } as const;

  it("leaves a live stream whose video stopped to its publisher's return: not ended, no replay, its slot and scratch given back", async () => {
    const t = setUp();
    const slot = t.claim('s1');
    const drop = jest.fn();
    slot.publisher = { drop };
    await t.pipelines.start(slot, 'rtmp', rtmp);
    t.writeSegment();
    await wait(300);
    t.ffmpegs[0].kill();
    await wait(300);
    expect(t.steps).toEqual(['folder s1', 'live s1', 'awaits s1', 'scratch removed s1']);
    expect(t.slots.of('s1')).toBeUndefined();
    expect(drop).toHaveBeenCalled();
  });

  it('ends at once a stream whose publisher hung up on purpose, and writes its replay', async () => {
    const t = setUp();
    const slot = t.claim('s1');
    await t.pipelines.start(slot, 'browser', { kind: 'webm', transcode: false });
    t.writeSegment();
    await wait(300);
    slot.hungUp = true;
    t.ffmpegs[0].kill();
    await wait(300);
    expect(t.steps).toEqual(['folder s1', 'live s1', 'end s1', 'replay s1', 'scratch removed s1']);
  });

  it('continues the stream for the publisher who came back: numbering on from the journal, a discontinuity, live again without a second start', async () => {
    const t = setUp();
    await t.pipelines.start(t.claim('s1'), 'rtmp', rtmp);
    t.writeSegment();
    await wait(300);
    t.ffmpegs[0].kill();
    await wait(300);
    expect(t.awaiting.has('s1')).toBe(true);

    // Back (here, as to any process): a new ffmpeg, numbering its segments from 0 again.
    t.newScratch();
    const slot = t.claim('s1');
    expect(typeof (await t.pipelines.start(slot, 'rtmp', rtmp))).toBe('object');
    expect(slot.continues).toBe(true);
    t.writeSegment();
    await wait(300);
    expect(t.steps.slice(-1)).toEqual(['reconnected s1']);
    expect(t.steps.filter((step) => step === 'live s1')).toHaveLength(1);
    expect(t.journal.map((s) => [s.uri, s.discontinuity])).toEqual([
      ['seg-0.ts', false],
      ['seg-1.ts', true],
    ]);
    expect(t.published.at(-1)!.replace(/#EXT-X-PROGRAM-DATE-TIME:\S+\n/g, '')).toContain('seg-0.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000000,\nseg-1.ts\n');
    expect(t.held.has('s1')).toBe(false);
    await t.pipelines.onModuleDestroy();
  });

  it('counts its publishers by protocol, its transcodes and the segments it published, for the metrics', async () => {
    const t = setUp();
    await t.pipelines.start(t.claim('s1'), 'rtmp', rtmp);
    t.status.set('s2', 'ready');
    const browser = t.slots.claim('s2', true);
    if (typeof browser === 'string') throw new Error(browser);
    await t.pipelines.start(browser, 'browser', { kind: 'webm', transcode: true });
    t.writeSegment();
    await wait(300);
    expect(await sample(t.metrics, 'grouarock_live_ingest_connections{protocol="rtmp"}')).toBe(1);
    expect(await sample(t.metrics, 'grouarock_live_ingest_connections{protocol="websocket"}')).toBe(1);
    expect(await sample(t.metrics, 'grouarock_live_transcodes')).toBe(1);
    expect(await sample(t.metrics, 'grouarock_live_segments_published_total')).toBe(2);
    expect(await sample(t.metrics, 'grouarock_live_segment_delay_seconds_count')).toBe(2);
    // Read when scraped: a publisher gone is gone from the next scrape.
    t.ffmpegs[0].kill();
    await wait(300);
    expect(await sample(t.metrics, 'grouarock_live_ingest_connections{protocol="rtmp"}')).toBe(0);
    await t.pipelines.onModuleDestroy();
  });

  it("leaves the streams it packaged to their publishers' return when this process stops, so they continue elsewhere", async () => {
    const t = setUp();
    await t.pipelines.start(t.claim('s1'), 'rtmp', rtmp);
    t.writeSegment();
    await wait(300);
    await t.pipelines.onModuleDestroy();
    expect(t.steps).toEqual(['folder s1', 'live s1', 'awaits s1', 'scratch removed s1']);
  });
});
