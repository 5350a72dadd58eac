import { type IAudioContext, type IGainNode, type IMediaStreamAudioDestinationNode } from 'standardized-audio-context';
import { type EngineContext, isRealtimeContext } from './context';
import { EngineNode } from './engine-node';

/** How the cue bus reaches the second device: a second AudioContext, or an audio element. */
export type HeadphoneRoute = 'context' | 'element';

export type HeadphoneStatus =
  /** Routable, not started yet. */
  | { readonly state: 'ready'; readonly route: HeadphoneRoute }
  /** Playing on `deviceId` ('' is the default device). */
  | { readonly state: 'active'; readonly route: HeadphoneRoute; readonly deviceId: string }
  /** Cannot route; `reason` says why, in words a UI can log or show. */
  | { readonly state: 'unavailable'; readonly reason: string };

/** The part of a (native) AudioContext with setSinkId that the headphone route needs. */
export interface SinkAudioContext {
  readonly destination: unknown;
  createMediaStreamSource(stream: MediaStream): { connect(destination: never): unknown; disconnect(): void };
  setSinkId(sinkId: string): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** The part of an audio element the headphone route needs. */
export interface SinkAudioElement {
  srcObject: MediaProvider | null;
  setSinkId(sinkId: string): Promise<void>;
  play(): Promise<void>;
  pause(): void;
}

/** An output device as the browser lists it. */
export interface OutputDevice {
  readonly deviceId: string;
  readonly label: string;
}

/** The browser features the headphone route uses; injectable for tests, defaulting to the page's. */
export interface HeadphoneEnvironment {
  /** Makes a context whose output device can be chosen (AudioContext.setSinkId), if the browser has one. */
  readonly createSinkContext: (() => SinkAudioContext) | undefined;
  /** Makes an element whose output device can be chosen (HTMLMediaElement.setSinkId), if the browser has one. */
  readonly createSinkElement: (() => SinkAudioElement) | undefined;
  readonly mediaDevices: Pick<MediaDevices, 'enumerateDevices'> | undefined;
}

export interface HeadphoneOutputOptions {
  /** Which route to use; `auto` prefers the second context (lower latency), then the element. */
  readonly route: HeadphoneRoute | 'auto';
  readonly environment: Partial<HeadphoneEnvironment>;
}

export interface HeadphoneOutputEvents {
  statuschange: HeadphoneStatus;
}

function browserEnvironment(): HeadphoneEnvironment {
  const NativeContext = (globalThis as unknown as { AudioContext?: new (options?: AudioContextOptions) => SinkAudioContext }).AudioContext;
  const hasContextSink = typeof NativeContext === 'function' && typeof (NativeContext.prototype as Partial<SinkAudioContext>).setSinkId === 'function';
  const hasElementSink =
    typeof HTMLMediaElement !== 'undefined' && typeof (HTMLMediaElement.prototype as Partial<SinkAudioElement>).setSinkId === 'function';
  return {
    createSinkContext: hasContextSink ? () => new NativeContext({ latencyHint: 'interactive' }) : undefined,
    createSinkElement: hasElementSink ? () => new Audio() : undefined,
    mediaDevices: typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined,
  };
}

/**
 * Sends the headphone cue bus to a second output device. What reaches `input` is turned into a
 * MediaStream and played by a second AudioContext whose device is chosen with AudioContext.setSinkId, or
 * by an audio element with HTMLMediaElement.setSinkId. Where the browser offers neither (or the context is
 * offline), `status` is `unavailable` with the reason. A sink, so `output` is undefined.
 */
export class HeadphoneOutput extends EngineNode<HeadphoneOutputEvents> {
  static readonly defaults: HeadphoneOutputOptions = { route: 'auto', environment: {} };

  readonly input: IGainNode<EngineContext>;
  readonly output = undefined;

  private readonly environment: HeadphoneEnvironment;
  private readonly route: HeadphoneRoute | null;
  private readonly streamNode: IMediaStreamAudioDestinationNode<IAudioContext> | undefined;
  private sinkContext: SinkAudioContext | undefined;
  private sinkElement: SinkAudioElement | undefined;
  private current: HeadphoneStatus;

  constructor(context: EngineContext, options: Partial<HeadphoneOutputOptions> = {}) {
    super(context);
    const merged = { ...HeadphoneOutput.defaults, ...options };
    this.environment = { ...browserEnvironment(), ...merged.environment };
    this.input = this.createGain();

    const unavailable = (reason: string): void => {
      this.current = { state: 'unavailable', reason };
    };
    this.route = null;
    this.current = { state: 'unavailable', reason: '' };
    if (!isRealtimeContext(context)) {
      unavailable('An offline audio context renders to a buffer; it has no output devices.');
      return;
    }
    const canContext = this.environment.createSinkContext !== undefined;
    const canElement = this.environment.createSinkElement !== undefined;
    const route: HeadphoneRoute | null =
      merged.route === 'context' ? (canContext ? 'context' : null)
      : merged.route === 'element' ? (canElement ? 'element' : null)
      : canContext ? 'context'
      : canElement ? 'element'
      : null;
    if (!route) {
      unavailable(
        merged.route === 'auto'
          ? 'This browser does not let a page choose an audio output device (no AudioContext.setSinkId or HTMLMediaElement.setSinkId).'
          : `This browser has no ${merged.route === 'context' ? 'AudioContext.setSinkId' : 'HTMLMediaElement.setSinkId'}.`,
      );
      return;
    }
    this.route = route;
    this.streamNode = this.disposables.node(context.createMediaStreamDestination());
    this.input.connect(this.streamNode);
    this.current = { state: 'ready', route };
  }

  get status(): HeadphoneStatus {
    return this.current;
  }

  /** Whether this browser and context can route the cue bus at all (a device may still refuse). */
  get available(): boolean {
    return this.route !== null;
  }

  /** The audio outputs the browser lists (labels need the page to have had media permission). */
  async listDevices(): Promise<OutputDevice[]> {
    const devices = (await this.environment.mediaDevices?.enumerateDevices()) ?? [];
    return devices.filter((device) => device.kind === 'audiooutput').map(({ deviceId, label }) => ({ deviceId, label }));
  }

  /**
   * Plays the cue bus on `deviceId` ('' = the default device), starting the route on first use (call it
   * from a user gesture). Resolves with the new status; a refusal (unknown device, no permission) gives
   * `unavailable` with the browser's reason, and a later call may try another device.
   */
  async setDevice(deviceId: string): Promise<HeadphoneStatus> {
    this.assertLive();
    const route = this.route;
    const stream = this.streamNode?.stream;
    if (!route || !stream) return this.current;
    try {
      if (route === 'context') {
        if (!this.sinkContext) {
          const sink = (this.sinkContext = (this.environment.createSinkContext as () => SinkAudioContext)());
          const source = sink.createMediaStreamSource(stream);
          source.connect(sink.destination as never);
          this.disposables.add(() => {
            source.disconnect();
            void sink.close().catch(() => undefined);
          });
        }
        await this.sinkContext.setSinkId(deviceId);
        await this.sinkContext.resume();
      } else {
        if (!this.sinkElement) {
          const element = (this.sinkElement = (this.environment.createSinkElement as () => SinkAudioElement)());
          element.srcObject = stream;
          this.disposables.add(() => {
            element.pause();
            element.srcObject = null;
          });
        }
        await this.sinkElement.setSinkId(deviceId);
        await this.sinkElement.play();
      }
      if (this.disposed) return this.current;
      this.setStatus({ state: 'active', route, deviceId });
    } catch (error) {
      const name = (error as { name?: string }).name ?? 'Error';
      const message = (error as { message?: string }).message ?? String(error);
      this.setStatus({ state: 'unavailable', reason: `The browser refused output device "${deviceId}": ${name}: ${message}` });
    }
    return this.current;
  }

  private setStatus(status: HeadphoneStatus): void {
    this.current = status;
    this.emit('statuschange', status);
  }
}
