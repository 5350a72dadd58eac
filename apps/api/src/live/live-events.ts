import type { RealtimeEvent } from '../repositories/schema/realtime-event';

/**
 * Between API processes only (no client can subscribe: the channel name is not one the realtime endpoint admits):
 * a stream whose packaging must stop because it ended. (Who may publish is not announced: the database answers each
 * publisher, docs/live.md "Ingest".)
 */
export const LIVE_INTERNAL_CHANNEL = 'internal.live';

export type LiveInternalEvent = { channel: typeof LIVE_INTERNAL_CHANNEL; type: 'retired'; data: { id: string } };

export function isLiveInternal(event: RealtimeEvent): event is LiveInternalEvent {
  return event.channel === LIVE_INTERNAL_CHANNEL;
}
