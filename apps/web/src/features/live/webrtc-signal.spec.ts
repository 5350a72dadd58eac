import { FAKE_OFFER } from '../../testing/fake-peer';
import { iceServersFromLinks, withStereoOpus } from './webrtc-signal';

describe('withStereoOpus', () => {
  it('asks stereo on every Opus format, and leaves the other formats as they were', () => {
    const sdp = withStereoOpus(FAKE_OFFER);
    expect(sdp).toContain('\r\na=fmtp:111 minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1\r\n');
    expect(sdp).toContain('\r\na=fmtp:63 111/111\r\n');
    expect(sdp).toContain('\r\na=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f\r\n');
    expect(sdp.split('\r\n')).toHaveLength(FAKE_OFFER.split('\r\n').length);
  });

  it('replaces a mono ask, and adds an fmtp line to an Opus format without one', () => {
    expect(withStereoOpus('a=rtpmap:109 opus/48000/2\na=fmtp:109 stereo=0;useinbandfec=1\n')).toBe('a=rtpmap:109 opus/48000/2\na=fmtp:109 useinbandfec=1;stereo=1;sprop-stereo=1\n');
    expect(withStereoOpus('a=rtpmap:109 opus/48000/2\r\na=rtcp-fb:109 transport-cc\r\n')).toBe('a=rtpmap:109 opus/48000/2\r\na=fmtp:109 stereo=1;sprop-stereo=1\r\na=rtcp-fb:109 transport-cc\r\n');
  });
});

describe('iceServersFromLinks', () => {
  it('reads every server of the header, as a response joins several', () => {
    const header = [
      '<turn:turn.example.org:3478?transport=udp>; rel="ice-server"; username="ania"; credential="secret"; credential-type="password"',
      '<turns:turn.example.org:443?transport=tcp>; rel="ice-server"; username="ania"; credential="secret"; credential-type="password"',
      '<stun:stun.example.org:3478>; rel="ice-server"',
    ].join(', ');
    expect(iceServersFromLinks(header)).toEqual([
      { urls: 'turn:turn.example.org:3478?transport=udp', username: 'ania', credential: 'secret' },
      { urls: 'turns:turn.example.org:443?transport=tcp', username: 'ania', credential: 'secret' },
      { urls: 'stun:stun.example.org:3478' },
    ]);
  });

  it('keeps commas, semicolons and escaped quotes inside quoted values, and reads names in any case', () => {
    const header = '<turn:t.example.org:3478>;REL="ice-server";Username="a,b;c";credential="p\\"w,d;x=1\\\\", <stun:s.example.org>; rel=ice-server';
    expect(iceServersFromLinks(header)).toEqual([
      { urls: 'turn:t.example.org:3478', username: 'a,b;c', credential: 'p"w,d;x=1\\' },
      { urls: 'stun:s.example.org' },
    ]);
  });

  it('leaves out links of other relations, and servers a browser could not use', () => {
    const header = [
      '</docs/live.md>; rel="help"',
      '<stun:other.example.org>; title="ice-server"',
      '<stun:s.example.org>; rel="preconnect ice-server"',
      '<https://example.org>; rel="ice-server"',
      '<turn:no-credentials.example.org>; rel="ice-server"',
      '<turn:oauth.example.org>; rel="ice-server"; username="a"; credential="token"; credential-type="oauth"',
      'stun:no-brackets.example.org; rel="ice-server"',
    ].join(', ');
    expect(iceServersFromLinks(header)).toEqual([{ urls: 'stun:s.example.org' }]);
  });

  it('reads nothing, and does not throw, from no header or one that is not a link', () => {
    expect(iceServersFromLinks(null)).toEqual([]);
    expect(iceServersFromLinks('')).toEqual([]);
    for (const junk of ['<', '"', '<stun:a>; rel="ice-server', ';;;,,,', '<stun:a>; rel', '<stun:a>; =x; rel="ice-server"']) {
      expect(() => iceServersFromLinks(junk)).not.toThrow();
    }
    expect(iceServersFromLinks('<stun:a>; rel')).toEqual([]);
  });
});
