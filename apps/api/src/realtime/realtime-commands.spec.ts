import { MALFORMED, parseCommand } from './realtime-commands';

describe('parseCommand', () => {
  it('maps subscribe and unsubscribe commands to their events with the channel', () => {
    expect(parseCommand('{"action":"subscribe","channel":"station.rock-fm"}')).toEqual({ event: 'subscribe', data: 'station.rock-fm' });
    expect(parseCommand('{"action":"unsubscribe","channel":"global.events"}')).toEqual({ event: 'unsubscribe', data: 'global.events' });
    expect(parseCommand('{"action":"subscribe","channel":"user.6f1c2a7e-0000-4000-8000-000000000000"}')).toEqual({
      event: 'subscribe',
      data: 'user.6f1c2a7e-0000-4000-8000-000000000000',
    });
  });

  it.each([
    ['a binary frame', Buffer.from([1, 2, 3]), 'Frames must be JSON text'],
    ['a binary frame holding a valid command', Buffer.from('{"action":"subscribe","channel":"global.events"}'), 'Frames must be JSON text'],
    ['text that is not JSON', 'not json', 'Frames must be JSON: { "action": "subscribe" | "unsubscribe", "channel": "…" }'],
    ['null', 'null', 'action must be "subscribe" or "unsubscribe"'],
    ['a number', '42', 'action must be "subscribe" or "unsubscribe"'],
    ['an unknown action', '{"action":"dance","channel":"global.events"}', 'action must be "subscribe" or "unsubscribe"'],
    ['an action naming the malformed event', `{"action":"${MALFORMED}","channel":"global.events"}`, 'action must be "subscribe" or "unsubscribe"'],
    ['a channel of no known kind', '{"action":"subscribe","channel":"station.../x"}', 'channel must be station.{id}, user.{id} or global.events'],
    ['a channel that is not a string', '{"action":"subscribe","channel":7}', 'channel must be station.{id}, user.{id} or global.events'],
  ])('answers %s with the error it deserves', (_name, frame, message) => {
    expect(parseCommand(frame)).toEqual({ event: MALFORMED, data: message });
  });
});
