/**
 * The events a webhook endpoint can subscribe to: the realtime message types of the same happenings
 * (docs/developer-api.md, "Webhooks"). `ping` is only ever sent by "send a test event".
 */
export const WEBHOOK_EVENTS = ['now_playing', 'stream_started', 'stream_ended', 'track_ready', 'generation_failed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'ping';

/** Events about one account go to that account's endpoints only; the others to every endpoint that subscribed. */
export const ACCOUNT_EVENTS: readonly WebhookEventType[] = ['track_ready', 'generation_failed', 'ping'];
