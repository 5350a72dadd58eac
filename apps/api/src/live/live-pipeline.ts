import type { ChildProcess } from 'node:child_process';
import type { HlsFiles } from '../repositories/hls-files';
import { SEGMENT_SECONDS } from '../repositories/ffmpeg';
import { EMPTY_WINDOW, type LiveWindow, livePlaylist, parseLivePlaylist, type StreamSegment, slideWindow } from './hls-playlist';
import type { StreamSource } from '../repositories/schema/live-stream.entity';
import { redactStreamKeys } from '../core/security/stream-keys';

export interface PipelineHooks {
  /** Segments are in the store: journal them (the same ones may come again after a failure; journal each once). */
  onSegments(segments: StreamSegment[]): Promise<void>;
  /** The viewers' playlist naming these segments is in the store, `delays` seconds (each) after ffmpeg listed them. */
  onPublished(delays: number[]): void;
  /** The first segment is written: the stream is live (or, continuing it, live again). */
  onFirstSegment(): void;
  /** The video stopped (ffmpeg ended, or no segment for three segment lengths) or never came. */
  onStopped(wentLive: boolean): void;
}

/**
 * Where the packaging starts in the stream: a new stream from its first segment; one whose publisher came back after
 * a dropped connection (docs/live.md, "Reconnecting") after the last segment published before, so the sequence goes
 * on, the viewers' window keeps the segments it had, and the first new segment is marked a discontinuity.
 */
export interface PipelineStart {
  window: LiveWindow;
  /** The stream's sequence number of ffmpeg's first segment (ffmpeg numbers each run's from 0). */
  firstSequence: number;
  continues: boolean;
}

export const NEW_STREAM: PipelineStart = { window: EMPTY_WINDOW, firstSequence: 0, continues: false };

/** How often ffmpeg's playlist is read: a segment is seen at most this long after ffmpeg lists it. */
const POLL_MS = 100;
/** The video stopped when no new segment came for three segment lengths (docs/live.md, "States"). */
const STALL_MS = 3 * SEGMENT_SECONDS * 1000;
/** A publisher gets this long from connecting to its first segment. */
const FIRST_SEGMENT_MS = 20_000;

/**
 * One stream being packaged in this process: its ffmpeg, and the watch over what ffmpeg writes. Each new segment
 * goes into the media store and the stream's journal, and the checked playlist goes out to viewers; the first one
 * makes the stream live.
 */
export class LivePipeline {
  private timer?: NodeJS.Timeout;
  /** The newest segment ffmpeg listed; the stall watch follows it, whether or not the store took it yet. */
  private lastListed = -1;
  /** The newest segment moved into the store, and the newest one whose publishing (journal, playlist) is done. */
  private lastMoved = -1;
  private lastSequence = -1;
  /**
   * Each segment ffmpeg listed and not yet published (by ffmpeg's number): its length, and when it was first seen (for
   * the segment delay). Kept until published, since ffmpeg's playlist lists only its last six: a segment that scrolls
   * out of it while the store or the database is away is still on disk, and still goes out when they are back.
   */
  private readonly unpublished = new Map<number, { uri: string; duration: number; at: number }>();
  /** What the viewers' playlist lists. */
  private window: LiveWindow;
  private lastSegmentAt: number;
  private wentLiveHere = false;
  private stopped = false;
  private polling = Promise.resolve();
  private readonly exited: Promise<void>;

  constructor(
    readonly streamId: string,
    readonly source: StreamSource,
    readonly transcodes: boolean,
    readonly ffmpeg: ChildProcess,
    private readonly files: HlsFiles,
    private readonly hooks: PipelineHooks,
    private readonly log: (message: string) => void,
    private readonly start: PipelineStart = NEW_STREAM,
  ) {
    this.window = start.window;
    this.lastSegmentAt = Date.now();
    let stderr = '';
    ffmpeg.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    this.exited = new Promise((resolve) => {
      ffmpeg.once('exit', (code) => {
        // ffmpeg quotes its input, the RTMP URL with the stream key, in its errors.
        if (code && !this.stopped) this.log(`ffmpeg of ${streamId} ended (${code}): ${redactStreamKeys(stderr.trim().split('\n').slice(-3).join(' | '))}`);
        resolve();
      });
      ffmpeg.once('error', (e) => {
        this.log(`ffmpeg of ${streamId} could not run: ${redactStreamKeys(e.message)}`);
        resolve();
      });
    });
    void this.exited.then(() => this.halt());
    this.timer = setInterval(() => {
      this.polling = this.polling.then(() => this.poll()).catch((e: Error) => this.log(`Reading the playlist of ${streamId} failed: ${e.message}`));
    }, POLL_MS);
  }

  /** Whether its first segment was published (the stream went live, or live again). */
  get wentLive(): boolean {
    return this.wentLiveHere;
  }

  /** Stops ffmpeg (letting it write its last segment), then reads what it wrote; resolves when all is on disk. */
  async finish(): Promise<void> {
    await this.stop(true);
  }

  /** ffmpeg ended by itself, or the stream stalled: the pipeline is done. */
  private async halt(): Promise<void> {
    if (this.stopped) return;
    await this.stop(false);
    this.hooks.onStopped(this.wentLiveHere);
  }

  /** Ends ffmpeg (gracefully: its input closed, or a SIGTERM, with a SIGKILL after 3 s) and reads its last segments. */
  private async stop(graceful: boolean): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    if (this.ffmpeg.exitCode === null && this.ffmpeg.signalCode === null) {
      if (!graceful) this.ffmpeg.kill('SIGKILL');
      else if (this.ffmpeg.stdin && !this.ffmpeg.stdin.writableEnded) this.ffmpeg.stdin.end();
      else this.ffmpeg.kill('SIGTERM');
      const killer = setTimeout(() => this.ffmpeg.kill('SIGKILL'), 3000);
      await this.exited;
      clearTimeout(killer);
    }
    await this.polling;
    await this.poll().catch((e: Error) => this.log(`Reading the playlist of ${this.streamId} failed: ${e.message}`));
  }

  /**
   * Moves each segment ffmpeg finished into the store, journals them, then replaces the viewers' playlist, in that
   * order, so no playlist lists a segment the store lacks. A step that fails (the store away) is tried again at the
   * next read; what was done already is not done twice. ffmpeg's `seg-N.ts` is stored as the stream's segment
   * `firstSequence + N`, so a part packaged after a reconnect goes on from the last one.
   */
  private async poll(): Promise<void> {
    const text = await this.files.readPackagerPlaylist(this.streamId);
    const playlist = text === undefined ? undefined : parseLivePlaylist(text);
    const listed = playlist?.segments ?? [];
    const newest = listed.length ? listed[listed.length - 1].sequence : -1;
    const now = Date.now();
    if (newest > this.lastListed) {
      this.lastListed = newest;
      this.lastSegmentAt = now;
    }
    for (const { sequence, uri, duration } of listed) if (sequence > this.lastSequence && !this.unpublished.has(sequence)) this.unpublished.set(sequence, { uri, duration, at: now });
    const fresh = [...this.unpublished].sort(([a], [b]) => a - b).map(([sequence, { uri, duration, at }]) => ({ sequence, uri, duration, at }));
    if (fresh.length) {
      const { firstSequence, continues } = this.start;
      const segments: StreamSegment[] = fresh.map((s, i) => ({
        uri: `seg-${firstSequence + s.sequence}.ts`,
        duration: s.duration,
        sequence: firstSequence + s.sequence,
        // The first segment of a part that follows a reconnect: its timestamps start afresh.
        discontinuity: continues && !this.wentLiveHere && i === 0,
        listedAt: s.at,
      }));
      for (const [i, segment] of fresh.entries()) {
        if (segment.sequence <= this.lastMoved) continue;
        await this.files.publishSegment(this.streamId, segment.uri, segments[i].uri);
        this.lastMoved = segment.sequence;
      }
      await this.hooks.onSegments(segments);
      const window = slideWindow(this.window, segments);
      await this.files.publishPlaylist(this.streamId, livePlaylist(window));
      this.window = window;
      this.lastSequence = fresh[fresh.length - 1].sequence;
      const published = Date.now();
      this.hooks.onPublished(fresh.map((s) => (published - s.at) / 1000));
      for (const { sequence } of fresh) this.unpublished.delete(sequence);
      if (!this.wentLiveHere) {
        this.wentLiveHere = true;
        this.hooks.onFirstSegment();
      }
    }
    if (this.stopped) return;
    const quiet = Date.now() - this.lastSegmentAt;
    if (quiet > (this.wentLiveHere ? STALL_MS : FIRST_SEGMENT_MS)) void this.halt();
  }
}
