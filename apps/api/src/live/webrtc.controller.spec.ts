import { iceLink } from './webrtc.controller';

describe('iceLink', () => {
  it('names a STUN server without credentials', () => {
    expect(iceLink({ url: 'stun:stun.example.org:3478' })).toBe('<stun:stun.example.org:3478>; rel="ice-server"');
  });

  it('quotes a TURN server credentials, a quote or backslash in them escaped, so the header still parses', () => {
    expect(iceLink({ url: 'turn:turn.example.org:3478?transport=udp', username: 'ania', credential: 'ta"jne\\x; y, z' })).toBe(
      '<turn:turn.example.org:3478?transport=udp>; rel="ice-server"; username="ania"; credential="ta\\"jne\\\\x; y, z"; credential-type="password"',
    );
  });
});
