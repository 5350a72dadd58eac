/** What the server sends on a channel: `{ type, channel, data }` (docs/api-conventions.md, "Realtime"). */
export interface RealtimeEvent {
  channel: string;
  type: string;
  data: Record<string, unknown>;
}

/** station.{slug}, user.{uuid} or global.events. */
export const CHANNEL = /^(station\.[a-z0-9]+(-[a-z0-9]+)*|user\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|global\.events)$/;

/** A frame about the connection itself: `subscribed`, `unsubscribed`, `error` (channel null) and `heartbeat`. */
export interface ControlFrame {
  type: 'subscribed' | 'unsubscribed' | 'error' | 'heartbeat';
  channel: string | null;
  data: Record<string, unknown>;
}
