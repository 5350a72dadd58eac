import { RealtimeClient, realtimeUrl, type RealtimeMessage, type SocketFactory } from './realtime-client';

/** How long the socket stays open once no channel is wanted, so moving between pages does not reconnect. */
export const REALTIME_IDLE_CLOSE_MS = 5000;

export type ChannelListener = (message: RealtimeMessage) => void;

export interface RealtimeCredentials {
  userId: string | null;
  token: string | null;
}

export interface RealtimeConnectionOptions {
  /**
   * The signed-in user and their access token now (both null when signed out); read on every (re)connect, and may take
   * a moment (a token that ran out is refreshed first).
   */
  credentials: () => RealtimeCredentials | Promise<RealtimeCredentials>;
  createSocket?: SocketFactory;
  /** Builds the socket URL from the token; realtimeUrl (this page's origin) by default. */
  url?: (token: string | null) => string;
}

/**
 * The tab's one realtime connection, shared by every feature (docs/api-conventions.md, "Realtime": one socket,
 * many channels). Features listen to channels; the first listener of a channel subscribes it and the last one to
 * leave unsubscribes it. The socket opens with the first channel and closes REALTIME_IDLE_CLOSE_MS after the last
 * one is left. Reconnects (1, 2, 5, 10 s …) and resubscribing are RealtimeClient's. A `user.{id}` channel needs the
 * socket opened with that user's token, so wanting one on a socket opened for somebody else reconnects it.
 */
export class RealtimeConnection {
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private client: RealtimeClient | null = null;
  /** The user whose token the current socket was opened with. */
  private openedFor: string | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: RealtimeConnectionOptions) {}

  /** Delivers the channel's messages to `listener` until the returned function is called. */
  listen(channel: string, listener: ChannelListener): () => void {
    let channelListeners = this.listeners.get(channel);
    if (!channelListeners) {
      this.listeners.set(channel, (channelListeners = new Set()));
      this.stopIdleClose();
      const client = this.connected();
      client.subscribe(channel);
      if (channel.startsWith('user.') && channel !== `user.${this.openedFor}`) client.reconnect();
    }
    const own = channelListeners;
    // A function of its own per call, so one listener given twice is also left twice.
    const entry: ChannelListener = (message) => listener(message);
    own.add(entry);
    return () => {
      if (!own.delete(entry) || own.size > 0 || this.listeners.get(channel) !== own) return;
      this.listeners.delete(channel);
      this.client?.unsubscribe(channel);
      if (this.listeners.size === 0) this.startIdleClose();
    };
  }

  private connected(): RealtimeClient {
    if (this.client) return this.client;
    const client = new RealtimeClient({
      url: () => {
        const opened = ({ userId, token }: RealtimeCredentials) => {
          this.openedFor = userId;
          return (this.options.url ?? realtimeUrl)(token);
        };
        const credentials = this.options.credentials();
        return credentials instanceof Promise ? credentials.then(opened) : opened(credentials);
      },
      onMessage: (message) => {
        const channelListeners = message.channel ? this.listeners.get(message.channel) : undefined;
        for (const listener of [...(channelListeners ?? [])]) listener(message);
      },
      createSocket: this.options.createSocket,
    });
    this.client = client;
    client.connect();
    return client;
  }

  private startIdleClose(): void {
    this.stopIdleClose();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.listeners.size > 0) return;
      this.client?.close();
      this.client = null;
    }, REALTIME_IDLE_CLOSE_MS);
  }

  private stopIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
