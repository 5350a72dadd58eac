import { type IAudioContext, type IGainNode, type IMediaElementAudioSourceNode } from 'standardized-audio-context';
import { reconnectDelayMs } from './backoff';
import { type Clock, systemClock } from './clock';
import { DEFAULT_VOLUME, RECONNECT_DEFAULTS } from './constants';
import { EngineNode } from './engine-node';
import { volumeToGain } from './gain-laws';
import { clampVolume } from './knobs';
import { type Logger, consoleLogger } from './logger';
import { rampParam } from './ramp';

/**
 * - `stopped`: nothing playing (the start, and after pause/stop).
 * - `loading`: the stream was asked for and has not started yet.
 * - `playing`: audio is coming out.
 * - `reconnecting`: the stream stalled or dropped while playing; retrying with backoff.
 * - `offline`: reconnecting gave up (30 s by default); play() tries again.
 * - `error`: the stream failed to start; the error was logged; play() tries again.
 */
export type DeckState = 'stopped' | 'loading' | 'playing' | 'reconnecting' | 'offline' | 'error';

/** A stream to play. The deck knows nothing of the API: `url` is whatever the app gives it. */
export interface StreamSource {
  readonly id: string;
  readonly url: string;
  /** Shown to listeners and used to name recordings. */
  readonly name?: string;
}

export interface ReconnectOptions {
  /** First retry delay, ms; it doubles on each failed attempt... */
  readonly initialDelayMs: number;
  /** ...up to this, ms. */
  readonly maxDelayMs: number;
  /** Give up (state `offline`) this long after the drop, ms. */
  readonly offlineAfterMs: number;
}

export interface StreamDeckOptions {
  /** Integer 0–100, applied as a fraction. */
  readonly volume: number;
  readonly muted: boolean;
  /** Ramp time of a volume or mute change, seconds (no clicks). */
  readonly smoothing: number;
  /** A station to start with (not played until play()). */
  readonly source: StreamSource | null;
  /** The element to play through; by default the deck makes its own with `createElement`. */
  readonly element: HTMLAudioElement | undefined;
  readonly createElement: () => HTMLAudioElement;
  /** CORS mode of the element's requests. The same-origin relay works with either. */
  readonly crossOrigin: 'anonymous' | 'use-credentials' | null;
  /** A stream that started must not start within this long, ms, or it counts as failed. */
  readonly loadTimeoutMs: number;
  /** Playback that has not moved for this long counts as a stall, ms; so does a retry that does not start. */
  readonly stallTimeoutMs: number;
  readonly reconnect: ReconnectOptions;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface StreamDeckEvents {
  statechange: { readonly state: DeckState; readonly previous: DeckState };
  stationchange: { readonly source: StreamSource };
  volumechange: { readonly volume: number; readonly muted: boolean };
  /** The stream failed; the error was logged. */
  error: { readonly error: unknown };
  /** A reconnection attempt is scheduled. */
  reconnect: { readonly attempt: number; readonly delayMs: number };
}

const MEDIA_ERR_ABORTED = 1;

/**
 * A stream deck: an HTMLAudioElement routed into the audio graph through a MediaElementAudioSourceNode
 * (the stream must be same-origin or CORS-clean, like our relay), then a volume gain → `output`.
 * A source, so `input` is undefined. Needs a real-time AudioContext.
 *
 * States: stopped → loading → playing; a failure to start → error (logged; loading and playing cleared).
 * While playing, a drop (error, end) or a stall (no progress for `stallTimeoutMs`) → reconnecting, with
 * retries after 0.5, 1, 2, 2… s → playing again, or `offline` 30 s after the drop.
 */
export class StreamDeck extends EngineNode<StreamDeckEvents> {
  static readonly defaults: StreamDeckOptions = {
    volume: DEFAULT_VOLUME,
    muted: false,
    smoothing: 0.05,
    source: null,
    element: undefined,
    createElement: () => new Audio(),
    crossOrigin: 'anonymous',
    loadTimeoutMs: 15_000,
    stallTimeoutMs: 4_000,
    reconnect: RECONNECT_DEFAULTS,
    clock: systemClock,
    logger: consoleLogger,
  };

  readonly input = undefined;
  readonly output: IGainNode<IAudioContext>;
  /** The element that plays the stream (for Media Session, or to read its buffered range). */
  readonly element: HTMLAudioElement;

  private readonly options: StreamDeckOptions;
  private readonly realtime: IAudioContext;
  private readonly sourceNode: IMediaElementAudioSourceNode<IAudioContext>;
  private current: StreamSource | null;
  private deckState: DeckState = 'stopped';
  private volumeValue: number;
  private isMuted: boolean;
  private failure: unknown = null;
  /** Bumped whenever the element is (re)started or released; late callbacks of older runs are ignored. */
  private generation = 0;
  private attempt = 0;
  private cancelStall: (() => void) | undefined;
  private cancelLoad: (() => void) | undefined;
  private cancelRetry: (() => void) | undefined;
  private cancelOffline: (() => void) | undefined;

  constructor(context: IAudioContext, options: Partial<StreamDeckOptions> = {}) {
    const merged = { ...StreamDeck.defaults, ...options, reconnect: { ...StreamDeck.defaults.reconnect, ...options.reconnect } };
    super(context, merged.clock);
    this.options = merged;
    this.realtime = context;
    this.current = merged.source ? checkSource(merged.source) : null;
    this.volumeValue = clampVolume(merged.volume);
    this.isMuted = merged.muted;

    this.element = merged.element ?? merged.createElement();
    this.element.preload = 'none';
    this.element.crossOrigin = merged.crossOrigin;
    this.sourceNode = this.disposables.node(context.createMediaElementSource(this.element));
    this.output = this.disposables.node(context.createGain());
    this.output.gain.value = this.targetGain();
    this.sourceNode.connect(this.output);

    const listen = (type: string, handler: () => void): void => this.disposables.listen(this.element, type, handler);
    listen('playing', () => this.onPlaying());
    listen('timeupdate', () => this.onProgress());
    listen('waiting', () => this.onStall());
    listen('stalled', () => this.onStall());
    listen('error', () => this.onElementError());
    listen('ended', () => this.onDrop(new Error('The stream ended')));
  }

  get state(): DeckState {
    return this.deckState;
  }

  /** The product's "loading" flag: waiting for audio (first start or a reconnection). */
  get loading(): boolean {
    return this.deckState === 'loading' || this.deckState === 'reconnecting';
  }

  get playing(): boolean {
    return this.deckState === 'playing';
  }

  /** The station loaded on the deck, if any. */
  get source(): StreamSource | null {
    return this.current;
  }

  /** The last logged stream error, cleared by the next successful start. */
  get error(): unknown {
    return this.failure;
  }

  get volume(): number {
    return this.volumeValue;
  }
  set volume(volume: number) {
    this.setVolume(volume);
  }

  get muted(): boolean {
    return this.isMuted;
  }
  set muted(muted: boolean) {
    this.setMuted(muted);
  }

  /** Volume as an integer 0–100 (clamped, rounded), reached along a short ramp. */
  setVolume(volume: number, rampSeconds = this.options.smoothing): void {
    this.assertLive();
    this.volumeValue = clampVolume(volume);
    this.applyGain(rampSeconds);
  }

  setMuted(muted: boolean, rampSeconds = this.options.smoothing): void {
    this.assertLive();
    this.isMuted = muted;
    this.applyGain(rampSeconds);
  }

  /**
   * Starts the loaded station (from stopped, error or offline). Resolves once the element has answered
   * the play request; failures do not reject, they set the state (and are logged).
   */
  play(): Promise<void> {
    this.assertLive();
    if (!this.current) throw new Error('No station on the deck: call switchStation() first');
    if (this.deckState === 'playing' || this.loading) return Promise.resolve();
    this.setState('loading');
    this.cancelLoad = this.timers.timeout(() => {
      if (this.deckState === 'loading') this.fail(new Error(`The stream did not start within ${this.options.loadTimeoutMs} ms`));
    }, this.options.loadTimeoutMs);
    if (this.realtime.state === 'suspended') {
      this.realtime.resume().catch((error: unknown) => this.options.logger.warn('The audio context could not resume', error));
    }
    return this.startElement();
  }

  /** Stops playback (a live stream has nothing to pause): the connection is closed. */
  pause(): void {
    this.stop();
  }

  stop(): void {
    this.assertLive();
    this.release();
    this.setState('stopped');
  }

  /**
   * Switches station: stops playback and loads the new stream (and plays it unless `autoplay` is false). What the
   * station plays is the app's to fetch: the deck knows streams, not tracks.
   */
  switchStation(source: StreamSource, options: { readonly autoplay?: boolean } = {}): Promise<void> {
    this.assertLive();
    const next = checkSource(source);
    this.stop();
    this.current = next;
    this.emit('stationchange', { source: next });
    return options.autoplay === false ? Promise.resolve() : this.play();
  }

  override dispose(): void {
    if (this.disposed) return;
    this.release();
    super.dispose();
  }

  private targetGain(): number {
    return this.isMuted ? 0 : volumeToGain(this.volumeValue);
  }

  private applyGain(rampSeconds: number): void {
    rampParam(this.output.gain, this.targetGain(), this.context.currentTime, rampSeconds);
    this.emit('volumechange', { volume: this.volumeValue, muted: this.isMuted });
  }

  private setState(state: DeckState): void {
    const previous = this.deckState;
    if (state === previous) return;
    this.deckState = state;
    this.emit('statechange', { state, previous });
  }

  /** Points the element at the stream and asks it to play. */
  private startElement(): Promise<void> {
    const generation = ++this.generation;
    const source = this.current as StreamSource;
    this.element.src = source.url;
    return this.element.play().then(
      () => undefined,
      (error: unknown) => {
        if (generation !== this.generation || isAbort(error)) return;
        if (this.deckState === 'loading') this.fail(error);
        else if (this.deckState === 'reconnecting') this.attemptFailed();
      },
    );
  }

  /** Stops the element and every playback timer (not the now-playing request of a switch). */
  private release(): void {
    this.generation++;
    for (const cancel of [this.cancelStall, this.cancelLoad, this.cancelRetry, this.cancelOffline]) cancel?.();
    this.cancelStall = this.cancelLoad = this.cancelRetry = this.cancelOffline = undefined;
    this.element.pause();
    if (this.element.hasAttribute('src')) {
      this.element.removeAttribute('src');
      // Aborts the download: a live stream would otherwise keep streaming into the buffer.
      this.element.load();
    }
  }

  private fail(error: unknown): void {
    this.release();
    this.failure = error;
    this.options.logger.error(`Stream ${this.current?.id ?? ''} failed`, error);
    this.setState('error');
    this.emit('error', { error });
  }

  private onPlaying(): void {
    this.cancelStall?.();
    this.cancelStall = undefined;
    if (this.deckState !== 'loading' && this.deckState !== 'reconnecting') return;
    this.cancelLoad?.();
    this.cancelRetry?.();
    this.cancelOffline?.();
    this.cancelLoad = this.cancelRetry = this.cancelOffline = undefined;
    this.attempt = 0;
    this.failure = null;
    this.setState('playing');
  }

  private onProgress(): void {
    if (this.deckState !== 'playing' || !this.cancelStall) return;
    this.cancelStall();
    this.cancelStall = undefined;
  }

  private onStall(): void {
    if (this.deckState !== 'playing' || this.cancelStall) return;
    this.cancelStall = this.timers.timeout(() => {
      this.cancelStall = undefined;
      this.onDrop(new Error(`The stream stalled for ${this.options.stallTimeoutMs} ms`));
    }, this.options.stallTimeoutMs);
  }

  private onElementError(): void {
    const mediaError = this.element.error;
    if (mediaError?.code === MEDIA_ERR_ABORTED) return;
    const error = new Error(`Media error ${mediaError?.code ?? '?'}${mediaError?.message ? `: ${mediaError.message}` : ''}`);
    if (this.deckState === 'loading') this.fail(error);
    else this.onDrop(error);
  }

  /** The stream went away: while playing, start reconnecting; while reconnecting, that attempt failed. */
  private onDrop(reason: Error): void {
    if (this.deckState === 'reconnecting') {
      this.attemptFailed();
      return;
    }
    if (this.deckState !== 'playing') return;
    this.options.logger.warn(`Stream ${this.current?.id ?? ''} dropped, reconnecting`, reason);
    this.release();
    this.setState('reconnecting');
    this.attempt = 0;
    this.cancelOffline = this.timers.timeout(() => this.goOffline(), this.options.reconnect.offlineAfterMs);
    this.scheduleAttempt();
  }

  private scheduleAttempt(): void {
    const delayMs = reconnectDelayMs(this.attempt, this.options.reconnect);
    this.emit('reconnect', { attempt: this.attempt + 1, delayMs });
    this.cancelRetry = this.timers.timeout(() => {
      this.attempt++;
      // A retry that does not start within the stall timeout has failed too.
      this.cancelRetry = this.timers.timeout(() => this.attemptFailed(), this.options.stallTimeoutMs);
      void this.startElement();
    }, delayMs);
  }

  private attemptFailed(): void {
    if (this.deckState !== 'reconnecting') return;
    this.cancelRetry?.();
    this.generation++;
    this.scheduleAttempt();
  }

  private goOffline(): void {
    if (this.deckState !== 'reconnecting') return;
    this.release();
    this.options.logger.warn(`Stream ${this.current?.id ?? ''} is offline: no answer for ${this.options.reconnect.offlineAfterMs} ms`);
    this.setState('offline');
  }
}

function checkSource(source: StreamSource): StreamSource {
  if (!source || typeof source.id !== 'string' || typeof source.url !== 'string' || !source.url) {
    throw new TypeError('A stream source needs an id and a url');
  }
  return source;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
