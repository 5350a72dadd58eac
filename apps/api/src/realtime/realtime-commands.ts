import { CHANNEL } from '../repositories/schema/realtime-event';

/** The event a frame that is not a valid command maps to; its handler answers with an error frame. */
export const MALFORMED = 'malformed';

/**
 * A client frame as RealtimeAdapter hands it to the gateway: `subscribe`/`unsubscribe` with the channel,
 * or MALFORMED with the message of the error frame to send back.
 */
export type RealtimeCommand = { event: 'subscribe' | 'unsubscribe'; data: string } | { event: typeof MALFORMED; data: string };

/**
 * The message parser of RealtimeAdapter. Nest's WsAdapter drops a frame silently when its parser throws,
 * returns nothing or names an event without a handler, but every frame must get an answer
 * (docs/api-conventions.md, "Realtime"), so anything that is not `{ "action": "subscribe" | "unsubscribe", "channel": "…" }` becomes
 * MALFORMED rather than an exception.
 */
export function parseCommand(frame: string | Buffer | ArrayBuffer | Buffer[]): RealtimeCommand {
  // ws hands text frames over as strings and binary ones as buffers.
  if (typeof frame !== 'string') return malformed('Frames must be JSON text');
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame);
  } catch {
    return malformed('Frames must be JSON: { "action": "subscribe" | "unsubscribe", "channel": "…" }');
  }
  const { action, channel } = (parsed ?? {}) as { action?: unknown; channel?: unknown };
  if (action !== 'subscribe' && action !== 'unsubscribe') return malformed('action must be "subscribe" or "unsubscribe"');
  if (typeof channel !== 'string' || !CHANNEL.test(channel)) return malformed('channel must be station.{id}, user.{id} or global.events');
  return { event: action, data: channel };
}

function malformed(message: string): RealtimeCommand {
  return { event: MALFORMED, data: message };
}
