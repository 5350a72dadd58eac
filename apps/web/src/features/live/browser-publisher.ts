/** Recorder settings for going live (docs/live.md): H.264 is copied by the server, VP8 has to be encoded. */
const CANDIDATES = [
  { mimeType: 'video/webm;codecs=h264,opus', codec: 'h264' },
  { mimeType: 'video/webm;codecs=vp8,opus', codec: 'vp8' },
] as const;

/** A slice of recording every 250 ms: the server sees video a quarter of a second after it is captured. */
export const SLICE_MS = 250;
/** What may wait in the socket before we call the connection too slow and stop (about 15 s at 2.5 Mbit/s). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export type PublisherCodec = (typeof CANDIDATES)[number]['codec'];

/** The recorder format this browser offers, the one the server can copy first; undefined when it has none. */
export function pickRecorderFormat(isTypeSupported: (type: string) => boolean = (type) => MediaRecorder.isTypeSupported(type)) {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return CANDIDATES.find((c) => isTypeSupported(c.mimeType));
}

export interface PublisherOptions {
  /** The camera and microphone, or any other stream (the mixer's master output with a picture). */
  media: MediaStream;
  /** wss://…/api/v1/stream/ingest?id=…&codec=…&token=… without the codec, which the publisher adds. */
  url: (codec: PublisherCodec) => string;
  /** The connection ended: by us (`stop`), by the server (the stream ended, `code` 1000) or on a failure. */
  onClosed: (code: number, reason: string) => void;
}

/**
 * Goes live from the browser: MediaRecorder slices (a keyframe every second) sent as binary frames over the
 * ingest WebSocket. Stopping closes the socket, which ends the stream.
 */
export class BrowserPublisher {
  private recorder?: MediaRecorder;
  private socket?: WebSocket;
  private closed = false;

  constructor(private readonly options: PublisherOptions) {}

  /** Resolves once the server took the connection and recording runs. */
  async start(): Promise<void> {
    const format = pickRecorderFormat();
    if (!format) throw new Error('MediaRecorder cannot record WebM video here');
    const socket = new WebSocket(this.options.url(format.codec));
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error('The ingest connection failed'));
    });
    socket.onclose = (event) => this.finish(event.code, event.reason);
    const recorder = new MediaRecorder(this.options.media, {
      mimeType: format.mimeType,
      videoBitsPerSecond: 2_000_000,
      audioBitsPerSecond: 128_000,
      // Chromium honours it: a keyframe each second, so every 1 s segment can start on one.
      ...({ videoKeyFrameIntervalDuration: 1000 } as MediaRecorderOptions),
    });
    recorder.ondataavailable = (event) => {
      if (!event.data.size || socket.readyState !== WebSocket.OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return this.stop(4008, 'The connection is too slow');
      socket.send(event.data);
    };
    recorder.start(SLICE_MS);
    this.recorder = recorder;
  }

  stop(code = 1000, reason = ''): void {
    if (this.recorder?.state !== 'inactive') this.recorder?.stop();
    // The last slice goes out before the socket closes.
    setTimeout(() => this.socket?.close(1000), SLICE_MS);
    this.finish(code, reason);
  }

  private finish(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    this.options.onClosed(code, reason);
  }
}
