import type { RealtimeEvent } from '../realtime/realtime-event';

/**
 * Between API processes only (no client can subscribe: the channel name is not one the realtime endpoint admits):
 * a key RTMP should admit, and a stream whose packaging must stop because it ended.
 */
export const LIVE_INTERNAL_CHANNEL = 'internal.live';

export type LiveInternalEvent =
  | { channel: typeof LIVE_INTERNAL_CHANNEL; type: 'key_added'; data: { id: string; hash: string } }
  | { channel: typeof LIVE_INTERNAL_CHANNEL; type: 'retired'; data: { id: string } };

export function isLiveInternal(event: RealtimeEvent): event is LiveInternalEvent {
  return event.channel === LIVE_INTERNAL_CHANNEL;
}
