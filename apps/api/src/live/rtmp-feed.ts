import type { Logger } from '@nestjs/common';
import type { ChildProcess } from 'node:child_process';
import { redactStreamKeys } from '../core/security/stream-keys';
import { FEED_PAYLOAD_TYPES, type Ffmpeg } from '../repositories/ffmpeg';
import type { WebRtcEngine } from '../repositories/webrtc-engine';

/** How long an RTMP stream's WebRTC feed runs on with no WebRTC viewer: a page reloaded finds it still running. */
export const FEED_IDLE_MS = 30_000;
/** How often a running feed looks for its viewers. */
const IDLE_CHECK_MS = 5_000;

export interface RtmpFeedOptions {
  streamId: string;
  /** The stream's RTMP on this process's own server (it carries the stream key). */
  url: string;
  engine: WebRtcEngine;
  ffmpeg: Ffmpeg;
  logger: Logger;
  /** Whether this process has a WebRTC viewer of the stream now (connecting or connected). */
  hasViewers: () => boolean;
  /** Whether this feed is still the stream's media here: a newer one (the publisher came back) takes the engine's source. */
  isCurrent: () => boolean;
  idleMs?: number;
}

/**
 * An RTMP stream's media for WebRTC viewers (docs/live.md, "Sub-second delivery"): a second ffmpeg pulls the stream's
 * RTMP and sends its H.264 and its audio as stereo Opus to the engine, as RTP on loopback. It runs only while the
 * stream has WebRTC viewers here: started by the first (`wake`), stopped once none has been left for `idleMs`, so a
 * stream nobody watches over WebRTC costs no transcoding.
 */
export class RtmpFeed {
  private child?: ChildProcess;
  private starting?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private idleSince?: number;
  private disposed = false;

  constructor(private readonly options: RtmpFeedOptions) {}

  /** Whether its ffmpeg runs now. */
  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts the feed unless it runs or is starting: the engine listens for the stream, then ffmpeg sends to it. */
  wake(): Promise<void> {
    this.idleSince = undefined;
    if (this.child || this.disposed) return Promise.resolve();
    this.starting ??= this.start().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Stops the feed for good (its packager ended): its ffmpeg ends, and the engine's source with it unless a newer feed took it. */
  dispose(): void {
    this.disposed = true;
    this.stop();
  }

  private async start(): Promise<void> {
    const { engine, ffmpeg, streamId, url } = this.options;
    const ports = await engine.listen(streamId, { video: { payloadType: FEED_PAYLOAD_TYPES.video }, audio: { payloadType: FEED_PAYLOAD_TYPES.audio } });
    if (this.disposed || !this.options.isCurrent()) {
      // Ended meanwhile: the source just made goes too, unless a newer feed's replaced it.
      if (this.options.isCurrent()) engine.dropSource(streamId);
      return;
    }
    const child = ffmpeg.feedRtp(url, { video: ports.video!, audio: ports.audio! });
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-1000)));
    const ended = (why: string) => {
      if (this.child !== child) return;
      // The URL carries the stream key: only the last line is logged, with every RTMP URL's key replaced. The next
      // viewer starts it again; meanwhile the stream's viewers play HLS.
      this.options.logger.warn(`The WebRTC feed of ${streamId} ended (${why}); its viewers play HLS: ${redactStreamKeys(stderr.trim().split('\n').at(-1) ?? '')}`);
      this.stop();
    };
    child.once('exit', (code) => ended(String(code)));
    child.once('error', (e) => ended(e.message));
    this.timer = setInterval(() => this.checkIdle(), IDLE_CHECK_MS);
    this.timer.unref();
  }

  private checkIdle(): void {
    if (this.options.hasViewers()) return void (this.idleSince = undefined);
    const now = Date.now();
    this.idleSince ??= now;
    if (now - this.idleSince >= (this.options.idleMs ?? FEED_IDLE_MS)) this.stop();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.idleSince = undefined;
    const child = this.child;
    this.child = undefined;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (this.options.isCurrent()) this.options.engine.dropSource(this.options.streamId);
  }
}
