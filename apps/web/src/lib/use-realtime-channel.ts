import { createContext, useContext, useEffect, useRef } from 'react';
import type { RealtimeMessage } from './realtime-client';
import type { RealtimeConnection } from './realtime-connection';

/** The tab's realtime connection; app/providers.tsx provides it. */
export const RealtimeContext = createContext<RealtimeConnection | null>(null);

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
