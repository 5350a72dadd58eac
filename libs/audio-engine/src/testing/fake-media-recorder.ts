// A MediaRecorder stand-in: the test makes chunks arrive and decides when the recorder stops.
import { type MediaRecorderLike } from '../recorder';

type Handler = (event: Event) => void;

export class FakeMediaRecorder extends EventTarget implements MediaRecorderLike {
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  timeslice: number | undefined;
  stopCalls = 0;
  private registered = 0;

  constructor(
    readonly stream: MediaStream,
    readonly mimeType: string,
  ) {
    super();
  }

  start(timeslice?: number): void {
    this.timeslice = timeslice;
    this.state = 'recording';
  }

  /** Like the real one: a final dataavailable, then stop, asynchronously. */
  stop(): void {
    this.stopCalls++;
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    void Promise.resolve().then(() => {
      this.emitChunk('final');
      this.dispatchEvent(new Event('stop'));
    });
  }

  /** A chunk arrives (what a real recorder does every timeslice). */
  emitChunk(text: string): void {
    const event = new Event('dataavailable') as Event & { data: Blob };
    event.data = new Blob([text], { type: this.mimeType });
    this.dispatchEvent(event);
  }

  override addEventListener(type: string, listener: Handler): void {
    this.registered++;
    super.addEventListener(type, listener);
  }

  override removeEventListener(type: string, listener: Handler): void {
    this.registered--;
    super.removeEventListener(type, listener);
  }

  get listenerCount(): number {
    return this.registered;
  }
}
