// An HTMLAudioElement stand-in for node tests: it records what the deck asks of it and lets the test
// fire the media events a real element would.

type Handler = (event: Event) => void;

export class FakeAudioElement extends EventTarget {
  preload = 'auto';
  crossOrigin: string | null = null;
  paused = true;
  error: { code: number; message: string } | null = null;
  /** Every URL assigned to src, in order. */
  readonly srcHistory: string[] = [];
  playCalls = 0;
  loadCalls = 0;
  /** How the next play() answers: resolve (default) or reject with this error. */
  nextPlayError: Error | null = null;
  private attributes = new Map<string, string>();
  private listeners = new Map<string, Set<Handler>>();

  get src(): string {
    return this.attributes.get('src') ?? '';
  }
  set src(url: string) {
    this.attributes.set('src', url);
    this.srcHistory.push(url);
    this.error = null;
  }

  hasAttribute(name: string): boolean {
    return this.attributes.has(name);
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }

  play(): Promise<void> {
    this.playCalls++;
    const error = this.nextPlayError;
    this.nextPlayError = null;
    if (error) return Promise.reject(error);
    this.paused = false;
    return Promise.resolve();
  }

  pause(): void {
    this.paused = true;
  }

  load(): void {
    this.loadCalls++;
  }

  /** Fires a media event ("playing", "waiting", "stalled", "timeupdate", "ended"). */
  fire(type: string): void {
    this.dispatchEvent(new Event(type));
  }

  /** Fires "error" with a MediaError code (2 network, 3 decode, 4 source not supported). */
  fail(code: number, message = ''): void {
    this.error = { code, message };
    this.dispatchEvent(new Event('error'));
  }

  override addEventListener(type: string, listener: Handler): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
    super.addEventListener(type, listener);
  }

  override removeEventListener(type: string, listener: Handler): void {
    this.listeners.get(type)?.delete(listener);
    super.removeEventListener(type, listener);
  }

  /** Listeners currently registered, all types together. */
  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  asElement(): HTMLAudioElement {
    return this as unknown as HTMLAudioElement;
  }
}
