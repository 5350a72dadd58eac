/** A WebSocket stand-in for the realtime client's unit specs: it records what is sent and is opened, fed and dropped by the test. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  /** What was sent, parsed. */
  get frames(): unknown[] {
    return this.sent.map((text) => JSON.parse(text) as unknown);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

/** A socket factory for RealtimeClient that makes FakeSockets. */
export const createFakeSocket = (url: string) => new FakeSocket(url) as unknown as WebSocket;
