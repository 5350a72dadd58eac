import { type IAudioContext, type IMediaStreamAudioDestinationNode } from 'standardized-audio-context';
import { type Clock, systemClock } from './clock';
import { RECORDING_CHUNK_MS, RECORDING_MIME_TYPE } from './constants';
import { type ListenerTarget } from './disposables';
import { EngineNode } from './engine-node';
import { type Logger, consoleLogger } from './logger';
import { recordingFileName } from './recording-file-name';

/** The part of MediaRecorder the recorder uses (so tests and other encoders can stand in). */
export interface MediaRecorderLike extends ListenerTarget {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  start(timeslice?: number): void;
  stop(): void;
}

export type CreateMediaRecorder = (stream: MediaStream, options: MediaRecorderOptions) => MediaRecorderLike;

/** The product's recording entry (client only). Times in ms since the epoch, duration in seconds. */
export interface RecordingEntry {
  readonly id: string;
  readonly stationName: string;
  readonly startTime: number;
  readonly duration: number;
  readonly fileName: string;
  readonly isRecording: boolean;
}

/** One encoded slice (1 s by default), handed to the storage callback as it arrives. */
export interface RecordingChunk {
  readonly recordingId: string;
  readonly stationName: string;
  /** 0, 1, 2… in order; the blobs concatenated in this order are the file. */
  readonly index: number;
  readonly data: Blob;
  readonly mimeType: string;
}

/** A finished recording: the file to download (named `fileName`) and its entry. */
export interface Recording {
  readonly entry: RecordingEntry;
  readonly blob: Blob;
  readonly mimeType: string;
}

export interface RecorderOptions {
  /** Whether the source is playing; recording starts only while it is. */
  readonly isPlaying: () => boolean;
  /** Called with each chunk as it arrives, so the app can store a long recording safely. */
  readonly onChunk: ((chunk: RecordingChunk) => void | Promise<void>) | undefined;
  readonly mimeType: string;
  readonly timesliceMs: number;
  readonly createMediaRecorder: CreateMediaRecorder;
  readonly isTypeSupported: (mimeType: string) => boolean;
  readonly createId: () => string;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface RecorderEvents {
  start: { readonly entry: RecordingEntry };
  chunk: { readonly chunk: RecordingChunk };
  /** A recording finished (stop(), a recorder error, or dispose()). */
  complete: { readonly recording: Recording };
  /** Recording could not start or broke; the error was logged. */
  error: { readonly error: unknown };
}

interface Session {
  readonly recorder: MediaRecorderLike;
  readonly entry: RecordingEntry;
  readonly chunks: Blob[];
  readonly detach: () => void;
  readonly done: Promise<Recording>;
  finish: () => void;
}

let idCounter = 0;
const defaultId = (): string =>
  typeof globalThis.crypto?.randomUUID === 'function' ? globalThis.crypto.randomUUID() : `rec-${Date.now()}-${++idCounter}`;

/**
 * Records what reaches `input` (connect it to what the listener hears) as webm/opus via MediaRecorder,
 * in 1 s chunks. A sink, so `output` is undefined. Needs a real-time AudioContext.
 */
export class Recorder extends EngineNode<RecorderEvents> {
  static readonly defaults: Omit<RecorderOptions, 'isPlaying'> = {
    onChunk: undefined,
    mimeType: RECORDING_MIME_TYPE,
    timesliceMs: RECORDING_CHUNK_MS,
    createMediaRecorder: (stream, options) => new MediaRecorder(stream, options),
    isTypeSupported: (mimeType) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(mimeType),
    createId: defaultId,
    clock: systemClock,
    logger: consoleLogger,
  };

  readonly input: IMediaStreamAudioDestinationNode<IAudioContext>;
  readonly output = undefined;

  private readonly options: RecorderOptions;
  private session: Session | undefined;

  constructor(context: IAudioContext, options: Partial<RecorderOptions> & Pick<RecorderOptions, 'isPlaying'>) {
    const merged: RecorderOptions = { ...Recorder.defaults, ...options };
    super(context, merged.clock);
    this.options = merged;
    this.input = this.disposables.node(context.createMediaStreamDestination());
  }

  get recording(): boolean {
    return this.session !== undefined;
  }

  /** The running recording's entry (duration so far), or null. */
  get entry(): RecordingEntry | null {
    if (!this.session) return null;
    return { ...this.session.entry, duration: (this.options.clock.now() - this.session.entry.startTime) / 1000 };
  }

  /**
   * Starts recording, named after `stationName`. Returns false, and logs why, when the source is not
   * playing, a recording is already running, or the browser cannot record webm/opus.
   */
  start(stationName: string): boolean {
    this.assertLive();
    if (this.session) {
      this.options.logger.warn('A recording is already running');
      return false;
    }
    if (!this.options.isPlaying()) {
      this.options.logger.warn('Recording starts only while playing');
      return false;
    }
    let recorder: MediaRecorderLike;
    try {
      if (!this.options.isTypeSupported(this.options.mimeType)) throw new Error(`This browser cannot record ${this.options.mimeType}`);
      recorder = this.options.createMediaRecorder(this.input.stream, { mimeType: this.options.mimeType });
    } catch (error) {
      this.options.logger.error('Recording could not start', error);
      this.emit('error', { error });
      return false;
    }
    const startTime = this.options.clock.now();
    const entry: RecordingEntry = {
      id: this.options.createId(),
      stationName,
      startTime,
      duration: 0,
      fileName: recordingFileName(stationName, new Date(startTime)),
      isRecording: true,
    };
    const chunks: Blob[] = [];
    const listeners: Array<[string, (event: Event) => void]> = [
      ['dataavailable', (event) => this.onData(session, (event as BlobEvent).data)],
      ['stop', () => session.finish()],
      [
        'error',
        (event) => {
          const error = (event as ErrorEvent).error ?? event;
          this.options.logger.error('Recording failed', error);
          this.emit('error', { error });
          session.finish();
        },
      ],
    ];
    for (const [type, listener] of listeners) recorder.addEventListener(type, listener);
    let resolve!: (recording: Recording) => void;
    const session: Session = {
      recorder,
      entry,
      chunks,
      detach: () => {
        for (const [type, listener] of listeners) recorder.removeEventListener(type, listener);
      },
      done: new Promise<Recording>((r) => (resolve = r)),
      finish: () => {
        if (this.session !== session) return;
        this.session = undefined;
        session.detach();
        const mimeType = recorder.mimeType || this.options.mimeType;
        const recording: Recording = {
          entry: { ...entry, duration: (this.options.clock.now() - startTime) / 1000, isRecording: false },
          blob: new Blob(chunks, { type: mimeType }),
          mimeType,
        };
        resolve(recording);
        this.emit('complete', { recording });
      },
    };
    this.session = session;
    try {
      recorder.start(this.options.timesliceMs);
    } catch (error) {
      this.session = undefined;
      session.detach();
      this.options.logger.error('Recording could not start', error);
      this.emit('error', { error });
      return false;
    }
    this.emit('start', { entry });
    return true;
  }

  /** Stops the recording; resolves with the finished file, or null when nothing was recording. */
  stop(): Promise<Recording | null> {
    const session = this.session;
    if (!session) return Promise.resolve(null);
    if (session.recorder.state === 'inactive') session.finish();
    else session.recorder.stop();
    return session.done;
  }

  override dispose(): void {
    if (this.disposed) return;
    const session = this.session;
    if (session) {
      if (session.recorder.state !== 'inactive') session.recorder.stop();
      // Do not wait for the encoder: keep what has arrived, and let go of the recorder now.
      session.finish();
    }
    super.dispose();
  }

  private onData(session: Session, data: Blob | undefined): void {
    if (!data || data.size === 0 || this.session !== session) return;
    session.chunks.push(data);
    const chunk: RecordingChunk = {
      recordingId: session.entry.id,
      stationName: session.entry.stationName,
      index: session.chunks.length - 1,
      data,
      mimeType: session.recorder.mimeType || this.options.mimeType,
    };
    this.emit('chunk', { chunk });
    const { onChunk } = this.options;
    if (!onChunk) return;
    try {
      Promise.resolve(onChunk(chunk)).catch((error: unknown) => this.options.logger.error('Storing a recording chunk failed', error));
    } catch (error) {
      this.options.logger.error('Storing a recording chunk failed', error);
    }
  }
}
