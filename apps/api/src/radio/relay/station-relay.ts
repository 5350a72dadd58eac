import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { IcyDemuxer } from './icy-demuxer';
import { splitTitle, streamTitle, truncate } from './icy-title';
import { FlacHeaderReader, OggPager, type OggPage, vorbisComment } from './ogg-pages';
import type { UpstreamConnector, UpstreamStream } from '../../repositories/upstream-connector';

export interface StationRelayOptions {
  /** Recent audio kept for a new listener, so playback starts at once. */
  burstBytes: number;
  /** Unsent bytes a listener may fall behind by before it is dropped. */
  maxQueueBytes: number;
  /** How long the upstream stays open after the last listener leaves. */
  lingerMs: number;
  /** Reconnect delays while listeners wait; the last one repeats. */
  backoffMs: readonly number[];
  /** Audio is gathered and written to listeners in blocks this often: far fewer writes per listener. */
  flushMs: number;
  /** Told of each upstream connection made or lost and of the audio written to listeners (the relay's metrics). */
  meter?: RelayMeter;
}

/** What a relay reports of its work (docs/metrics.md, "Radio"); called once per connection and once per block, never per listener. */
export interface RelayMeter {
  connected(): void;
  /** A connection could not be made, or dropped while people listened. */
  failed(): void;
  sent(bytes: number): void;
}

export interface RelayTitle {
  artist: string | null;
  title: string;
}

type State = 'idle' | 'connecting' | 'streaming' | 'reconnecting' | 'closed';

/** Ogg (Icecast's FLAC, Vorbis and Opus mounts) and native FLAC: a decoder needs the stream's headers first. */
const OGG_TYPES = /^(application|audio)\/(x-)?ogg$/;
const FLAC_TYPES = /^audio\/(x-)?flac$/;
/** More header than this is not kept for newcomers (a real stream's is a few kB). */
const MAX_HEADER_BYTES = 256 * 1024;

/**
 * One station's hub: a single upstream connection shared by every listener, a burst of recent audio
 * for newcomers, ICY metadata stripped and turned into 'title' events, slow listeners dropped,
 * reconnection with backoff while anyone listens, and the upstream closed after the last one leaves.
 * An Ogg stream (a lossless FLAC mount) is relayed in whole pages: a newcomer gets the stream's header pages, then a
 * burst that starts on a page; each song's Vorbis comment (a chained stream's headers) is its title. Native FLAC
 * likewise gets its `fLaC` header first.
 * Events: 'title' (RelayTitle), 'audience' (a listener came or went), 'closed'.
 */
export class StationRelay extends EventEmitter {
  static readonly defaults: StationRelayOptions = {
    burstBytes: 64 * 1024,
    maxQueueBytes: 512 * 1024,
    lingerMs: 5000,
    backoffMs: [500, 1000, 2000, 5000, 10_000],
    // Every write is a system call per listener however small: 400 ms makes half the writes of 200 ms (at 1000
    // listeners, bench:relay's CPU went from 0.8× to 0.5× Icecast's). Players start on the burst, so none waits for it.
    flushMs: 400,
  };

  private readonly options: StationRelayOptions;
  private readonly audience = new Set<Socket>();
  private burst: Buffer[] = [];
  private burstSize = 0;
  private state: State = 'idle';
  private upstream?: UpstreamStream;
  private connecting?: Promise<void>;
  private attempts = 0;
  private retryTimer?: NodeJS.Timeout;
  private lingerTimer?: NodeJS.Timeout;
  private lastTitle?: string;
  /** What a newcomer gets before the burst: an Ogg stream's header pages, or native FLAC's stream header. */
  private headers: Buffer[] = [];
  private headersSize = 0;
  /** The last Ogg page was a header page: a BOS page after it is one more stream of the same start, not a new song. */
  private inHeaders = false;
  private pendingChunks: Buffer[] = [];
  private flushTimer?: NodeJS.Timeout;
  /** One 'close' listener shared by every listener's socket (`this` is the socket): nothing is made per listener. */
  private readonly listenerClosed: (this: Socket) => void;
  contentType = 'audio/mpeg';
  current?: RelayTitle & { updatedAt: Date };

  constructor(
    readonly stationId: string,
    private readonly streamUrl: string,
    private readonly connector: UpstreamConnector,
    options: Partial<StationRelayOptions> = {},
  ) {
    super();
    this.options = { ...StationRelay.defaults, ...options };
    const remove = (socket: Socket) => this.remove(socket);
    this.listenerClosed = function (this: Socket) {
      remove(this);
    };
  }

  get audienceSize(): number {
    return this.audience.size;
  }

  get isStreaming(): boolean {
    return this.state === 'streaming';
  }

  /** Connects if needed; resolves once audio flows, rejects if the first connection fails. */
  ready(): Promise<void> {
    if (this.state === 'streaming' || this.state === 'reconnecting') return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** A listener's socket, its response headers sent: gets the burst, then the live audio. */
  add(socket: Socket): void {
    clearTimeout(this.lingerTimer);
    this.audience.add(socket);
    this.emit('audience');
    socket.on('close', this.listenerClosed);
    socket.on('error', destroySocket);
    for (const chunk of this.headers) socket.write(chunk);
    for (const chunk of this.burst) socket.write(chunk);
    this.options.meter?.sent(this.headersSize + this.burstSize);
  }

  close(): void {
    this.state = 'closed';
    clearTimeout(this.retryTimer);
    clearTimeout(this.flushTimer);
    clearTimeout(this.lingerTimer);
    this.upstream?.body.destroy();
    this.upstream = undefined;
    for (const socket of this.audience) socket.end();
    this.audience.clear();
    this.emit('closed');
  }

  private remove(socket: Socket): void {
    if (!this.audience.delete(socket)) return;
    this.emit('audience');
    this.lingerIfEmpty();
  }

  /** With nobody listening, the upstream is kept for lingerMs (a reload, the next track of a playlist) and then closed. */
  private lingerIfEmpty(): void {
    if (this.audience.size > 0 || this.state === 'closed') return;
    clearTimeout(this.lingerTimer);
    this.lingerTimer = setTimeout(() => this.close(), this.options.lingerMs);
  }

  private async connect(): Promise<void> {
    this.state = this.state === 'idle' ? 'connecting' : this.state;
    let upstream: UpstreamStream;
    try {
      upstream = await this.connector.open(this.streamUrl);
    } catch (e) {
      this.options.meter?.failed();
      throw e;
    }
    this.options.meter?.connected();
    if (this.state === 'closed') {
      upstream.body.destroy();
      return;
    }
    this.upstream = upstream;
    this.contentType = upstream.contentType === 'audio/aacp' ? 'audio/aac' : upstream.contentType;
    this.state = 'streaming';
    this.attempts = 0;
    // Opened for a request that added nobody (a HEAD, a listener gone before their headers): closed like an emptied one.
    this.lingerIfEmpty();
    const demuxer = new IcyDemuxer(upstream.metaint);
    demuxer.on('data', this.audioReader());
    demuxer.on('metadata', (text: string) => this.onMetadata(text));
    upstream.body.on('error', () => undefined);
    upstream.body.once('close', () => this.dropped(upstream));
    upstream.body.pipe(demuxer);
  }

  /** Where the upstream's audio goes, by its type: whole Ogg pages, native FLAC after its header, or as it comes. */
  private audioReader(): (chunk: Buffer) => void {
    if (OGG_TYPES.test(this.contentType)) {
      const pager = new OggPager();
      this.inHeaders = false;
      pager.on('page', (page: OggPage) => this.onPage(page));
      return (chunk) => pager.push(chunk);
    }
    if (FLAC_TYPES.test(this.contentType)) {
      let reader: FlacHeaderReader | undefined = new FlacHeaderReader();
      return (chunk) => {
        if (!reader) return this.gather(chunk);
        const read = reader.push(chunk);
        if (read === undefined) return;
        reader = undefined;
        if (read.header) {
          this.startStream();
          this.addHeader(read.header);
        }
        if (read.rest.length) this.gather(read.rest);
      };
    }
    return (chunk) => this.gather(chunk);
  }

  private onPage(page: OggPage): void {
    if (!page.header) {
      this.inHeaders = false;
      this.gather(page.bytes);
      return;
    }
    if (page.bos && !this.inHeaders) this.startStream();
    this.inHeaders = true;
    this.addHeader(page.bytes);
    const comment = vorbisComment(page.bytes);
    const title = comment?.get('TITLE')?.trim();
    if (!title) return;
    const artist = comment?.get('ARTIST')?.trim();
    this.setTitle(artist ? `${artist} - ${title}` : title, artist ? { artist: truncate(artist), title: truncate(title) } : splitTitle(title));
  }

  /**
   * A new stream starts (a new connection, or the next song of a chained Ogg stream): its headers replace the last
   * one's, and the audio so far, sent to those listening, is no start for a newcomer.
   */
  private startStream(): void {
    this.flushNow();
    this.headers = [];
    this.headersSize = 0;
    this.burst = [];
    this.burstSize = 0;
  }

  /** A header goes to those listening now, in order with the audio, and is kept for newcomers. */
  private addHeader(bytes: Buffer): void {
    this.flushNow();
    let written = 0;
    for (const socket of this.audience) {
      if (!socket.writable) continue;
      socket.write(bytes);
      written++;
    }
    this.options.meter?.sent(bytes.length * written);
    if (this.headersSize + bytes.length > MAX_HEADER_BYTES) return;
    this.headers.push(bytes);
    this.headersSize += bytes.length;
  }

  /** The audio gathered so far leaves now, ahead of what comes next (a header). */
  private flushNow(): void {
    clearTimeout(this.flushTimer);
    this.flush();
  }

  private gather(chunk: Buffer): void {
    this.pendingChunks.push(chunk);
    this.flushTimer ??= setTimeout(() => this.flush(), this.options.flushMs);
  }

  /** One block for everyone: kept in the burst, written once to each listener. */
  private flush(): void {
    this.flushTimer = undefined;
    if (!this.pendingChunks.length) return;
    const block = this.pendingChunks.length === 1 ? this.pendingChunks[0] : Buffer.concat(this.pendingChunks);
    this.pendingChunks = [];
    this.burst.push(block);
    this.burstSize += block.length;
    while (this.burstSize - this.burst[0].length >= this.options.burstBytes) this.burstSize -= (this.burst.shift() as Buffer).length;
    let written = 0;
    for (const socket of this.audience) {
      // A listener that cannot keep up is let go rather than buffered without bound.
      if (socket.writableLength > this.options.maxQueueBytes) socket.destroy();
      else if (socket.writable) {
        socket.write(block);
        written++;
      }
    }
    this.options.meter?.sent(block.length * written);
  }

  private onMetadata(text: string): void {
    const title = streamTitle(text);
    if (title) this.setTitle(title, splitTitle(title));
  }

  private setTitle(text: string, title: RelayTitle): void {
    if (text === this.lastTitle) return;
    this.lastTitle = text;
    this.current = { ...title, updatedAt: new Date() };
    this.emit('title', this.current);
  }

  /** The upstream went away: try again while anyone listens, otherwise stop. */
  private dropped(upstream: UpstreamStream): void {
    if (this.upstream !== upstream || this.state === 'closed') return;
    this.upstream = undefined;
    if (this.audience.size === 0) {
      this.close();
      return;
    }
    this.options.meter?.failed();
    this.state = 'reconnecting';
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const delays = this.options.backoffMs;
    const delay = delays[Math.min(this.attempts++, delays.length - 1)];
    this.retryTimer = setTimeout(() => {
      if (this.state === 'closed') return;
      this.connect().catch(() => this.scheduleRetry());
    }, delay);
  }
}

function destroySocket(this: Socket): void {
  this.destroy();
}
