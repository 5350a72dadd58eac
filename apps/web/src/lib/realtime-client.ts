/** The product's reconnect delays for the realtime socket: 1, 2, 5, then every 10 s. */
export const REALTIME_RECONNECT_MS = [1000, 2000, 5000, 10_000] as const;

export interface RealtimeMessage {
  type: string;
  channel?: string;
  data?: unknown;
}

export type SocketFactory = (url: string) => WebSocket;

export interface RealtimeClientOptions {
  /**
   * Builds the socket URL; called on every (re)connect so a fresh access token is used. It may take a moment (the
   * token had run out and is refreshed first): a URL that comes after the client was closed or reconnected is not used.
   */
  url: () => string | Promise<string>;
  onMessage: (message: RealtimeMessage) => void;
  /** Called with true when connected, false when the connection dropped. */
  onStatus?: (connected: boolean) => void;
  createSocket?: SocketFactory;
}

/**
 * One WebSocket to /api/v1/realtime that keeps its subscriptions: it resubscribes after every reconnect,
 * which happens 1, 2, 5, 10, 10 … s after a drop.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly channels = new Set<string>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** Counts the opens begun: a URL that arrives for an earlier one is dropped. */
  private opening = 0;

  constructor(private readonly options: RealtimeClientOptions) {}

  connect(): void {
    this.closed = false;
    this.open();
  }

  subscribe(channel: string): void {
    this.channels.add(channel);
    this.send({ action: 'subscribe', channel });
  }

  unsubscribe(channel: string): void {
    if (!this.channels.delete(channel)) return;
    this.send({ action: 'unsubscribe', channel });
  }

  /** Drops the socket and opens a new one at once (a new URL, e.g. another user's token), keeping the channels. */
  reconnect(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.attempt = 0;
    this.open();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private send(message: object): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private open(): void {
    const attempt = ++this.opening;
    let url: string | Promise<string>;
    try {
      url = this.options.url();
    } catch (error) {
      this.failed(error);
      return;
    }
    if (typeof url === 'string') this.openAt(url);
    else
      url.then(
        (ready) => {
          if (!this.closed && attempt === this.opening) this.openAt(ready);
        },
        (error: unknown) => {
          if (!this.closed && attempt === this.opening) this.failed(error);
        },
      );
  }

  private failed(error: unknown): void {
    console.warn('Realtime connection failed', error);
    this.scheduleReconnect();
  }

  private openAt(url: string): void {
    const create = this.options.createSocket ?? ((address: string) => new WebSocket(address));
    let socket: WebSocket;
    try {
      socket = create(url);
    } catch (error) {
      this.failed(error);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      for (const channel of this.channels) socket.send(JSON.stringify({ action: 'subscribe', channel }));
      this.options.onStatus?.(true);
    };
    socket.onmessage = (event: MessageEvent) => {
      try {
        this.options.onMessage(JSON.parse(String(event.data)) as RealtimeMessage);
      } catch (error) {
        console.warn('Unreadable realtime message', error);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.onStatus?.(false);
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const delay = REALTIME_RECONNECT_MS[Math.min(this.attempt, REALTIME_RECONNECT_MS.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.open();
    }, delay);
  }
}

/** ws(s)://<this origin><path>, with `query` (values encoded; empty ones left out). */
export function socketUrl(path: string, query: Record<string, string | null>, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const pairs = Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const search = pairs.length ? `?${pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}` : '';
  return `${scheme}//${location.host}${path}${search}`;
}

/** ws(s)://<this origin>/api/v1/realtime, with the access token when signed in. */
export function realtimeUrl(accessToken: string | null, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return socketUrl('/api/v1/realtime', { token: accessToken }, location);
}
