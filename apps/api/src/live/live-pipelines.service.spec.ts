import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { AppConfig } from '../core/config/config';
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

/** LivePipelines over a stream table in memory: `status` per stream, the holds, and what was done to each stream. */
function setUp() {
  const status = new Map<string, 'ready' | 'live' | 'ended'>();
  const held = new Map<string, string>();
  const steps: string[] = [];
  const streams = {
    holdPublisher: (id: string) => {
      if (status.get(id) !== 'ready' || held.has(id)) return Promise.resolve('busy');
      held.set(id, 'until');
      return Promise.resolve({ until: 'until' });
    },
    renewPublisher: (id: string) => Promise.resolve(status.get(id) === 'ready' && held.has(id) ? 'until' : undefined),
    releasePublisher: (id: string) => Promise.resolve(void held.delete(id)),
    addSegments: () => Promise.resolve(),
  };
  let folderMade: () => void = () => undefined;
  let folderWait = Promise.resolve();
  let playlist: string | undefined;
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
    publishPlaylist: () => Promise.resolve(),
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
    end: () => Promise.resolve(),
    writeReplay: (id: string) => Promise.resolve(void steps.push(`replay ${id}`)),
  };
  let listener: (event: RealtimeEvent) => void = () => undefined;
  const bus = { onEvent: (l: typeof listener) => ((listener = l), () => undefined) };
  const config = { live: { maxPublishers: 4, maxTranscodes: 1 } } as AppConfig;
  const slots = new LiveSlots(config, streams as unknown as LiveStreamRepository);
  const pipelines = new LivePipelines(
    live as unknown as LiveService,
    slots,
    streams as unknown as LiveStreamRepository,
    files as unknown as HlsFiles,
    ffmpeg as unknown as Ffmpeg,
    bus as unknown as EventBus,
  );
  pipelines.onApplicationBootstrap();
  return {
    status,
    held,
    steps,
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
  };
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
