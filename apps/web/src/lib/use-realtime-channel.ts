import { createContext, useContext, useEffect, useRef } from 'react';
import type { RealtimeMessage } from './realtime-client';
import type { ChannelListener, RealtimeConnection, RealtimeConnectionOptions } from './realtime-connection';

/** What features use of the tab's realtime connection: its channels. */
export type RealtimeChannels = Pick<RealtimeConnection, 'listen'>;

/** The tab's realtime connection; app/providers.tsx provides it. */
export const RealtimeContext = createContext<RealtimeChannels | null>(null);

/**
 * The tab's one RealtimeConnection, whose code (and the socket's) loads with the first channel a screen listens to:
 * the first screens of most pages listen to none until they have rendered, so it stays out of the code they load first.
 * Channels are listened to and left in the order they were asked for.
 */
export function lazyRealtimeConnection(options: RealtimeConnectionOptions): RealtimeChannels {
  let loading: Promise<RealtimeConnection> | null = null;
  const connection = () => {
    loading ??= import('./realtime-connection').then(
      ({ RealtimeConnection }) => new RealtimeConnection(options),
      (error: unknown) => {
        // Offline, say: the next channel asked for tries again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    listen(channel: string, listener: ChannelListener) {
      let leave: (() => void) | null = null;
      let left = false;
      connection().then(
        (ready) => {
          if (!left) leave = ready.listen(channel, listener);
        },
        (error: unknown) => console.warn(`Could not listen to ${channel}`, error),
      );
      return () => {
        left = true;
        leave?.();
        leave = null;
      };
    },
  };
}

/**
 * Delivers the messages of `channel` (none while it is null) to `onMessage`, the latest one given, over the tab's one
 * realtime connection.
 */
export function useRealtimeChannel(channel: string | null, onMessage: (message: RealtimeMessage) => void): void {
  const connection = useContext(RealtimeContext);
  if (!connection) throw new Error('useRealtimeChannel needs the RealtimeContext of app/providers.tsx');
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!channel) return;
    return connection.listen(channel, (message) => latest.current(message));
  }, [connection, channel]);
}
