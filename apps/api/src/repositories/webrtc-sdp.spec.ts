import { isH264Keyframe } from './webrtc-worker';
import { announceHosts, narrowPublisherOffer, packagerSdp, parseTrickleFragment, readViewerOffer, SdpError, withPassiveTcp } from './webrtc-sdp';

/** The parts of a Chrome publisher's offer that matter here: VP8 first, two H.264 profiles, RTX, RED, extensions. */
const CHROME_OFFER = [
  'v=0',
  'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0 1',
  'a=extmap-allow-mixed',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63 9',
  'c=IN IP4 0.0.0.0',
  'a=mid:0',
  'a=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level',
  'a=sendonly',
  'a=rtcp-mux',
  'a=rtpmap:111 opus/48000/2',
  'a=rtcp-fb:111 transport-cc',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:63 red/48000/2',
  'a=fmtp:63 111/111',
  'a=rtpmap:9 G722/8000',
  'a=ssrc:1001 cname:abc',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103 127',
  'c=IN IP4 0.0.0.0',
  'a=mid:1',
  'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
  'a=sendonly',
  'a=rtcp-mux',
  'a=rtpmap:96 VP8/90000',
  'a=rtcp-fb:96 nack pli',
  'a=rtpmap:97 rtx/90000',
  'a=fmtp:97 apt=96',
  'a=rtpmap:102 H264/90000',
  'a=rtcp-fb:102 nack',
  'a=rtcp-fb:102 nack pli',
  'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f',
  'a=rtpmap:103 rtx/90000',
  'a=fmtp:103 apt=102',
  'a=rtpmap:127 H264/90000',
  'a=fmtp:127 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'a=ssrc-group:FID 2001 2002',
  'a=ssrc:2001 cname:abc',
  'a=ssrc:2002 cname:abc',
  '',
].join('\r\n');

describe('the SDP of WHIP and WHEP', () => {
  it('narrows a publisher’s offer to one constrained-baseline H.264 and stereo Opus, without extensions or repair streams', () => {
    const narrowed = narrowPublisherOffer(CHROME_OFFER);
    expect(narrowed.video).toEqual({ mid: '1', payloadType: 127, profile: '42e01f' });
    expect(narrowed.audio).toEqual({ mid: '0', payloadType: 111 });
    const lines = narrowed.sdp.split('\r\n');
    expect(lines).toContain('m=video 9 UDP/TLS/RTP/SAVPF 127');
    expect(lines).toContain('m=audio 9 UDP/TLS/RTP/SAVPF 111');
    expect(lines).toContain('a=fmtp:111 minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1');
    expect(lines).toContain('a=ssrc:2001 cname:abc');
    expect(lines).toContain('a=group:BUNDLE 0 1');
    for (const gone of ['a=extmap', 'VP8', 'rtx/', 'red/', 'G722', 'a=ssrc:2002', 'a=ssrc-group', 'a=rtcp-fb:102']) expect(narrowed.sdp).not.toContain(gone);
  });

  it('takes another H.264 profile when there is no constrained baseline, and an offer with audio alone', () => {
    const withoutBaseline = CHROME_OFFER.replace('m=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103 127', 'm=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103');
    expect(narrowPublisherOffer(withoutBaseline).video?.payloadType).toBe(102);
    const audioOnly = CHROME_OFFER.slice(0, CHROME_OFFER.indexOf('m=video'));
    expect(narrowPublisherOffer(audioOnly)).toMatchObject({ audio: { payloadType: 111 } });
    expect(narrowPublisherOffer(audioOnly).video).toBeUndefined();
  });

  it.each([
    ['no SDP at all', '{"offer":1}', /must start with v=0/],
    ['VP8 alone', CHROME_OFFER.replace('m=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103 127', 'm=video 9 UDP/TLS/RTP/SAVPF 96 97'), /H\.264/],
    ['H.264 in packetization mode 0 alone', CHROME_OFFER.replace('m=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103 127', 'm=video 9 UDP/TLS/RTP/SAVPF 102').replace('packetization-mode=1;profile-level-id=42001f', 'packetization-mode=0;profile-level-id=42001f'), /H\.264/],
    ['receive-only media', CHROME_OFFER.replace(/a=sendonly/g, 'a=recvonly'), /sendonly/],
    ['two video sections', `${CHROME_OFFER}m=video 9 UDP/TLS/RTP/SAVPF 127\r\na=mid:2\r\na=sendonly\r\na=rtpmap:127 H264/90000\r\na=fmtp:127 packetization-mode=1\r\n`, /one video/],
    ['a data channel', `${CHROME_OFFER}m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\na=mid:2\r\n`, /application/],
    ['no media', 'v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n', /no media/],
  ])('refuses a publisher’s offer with %s', (_what, offer, message) => {
    expect(() => narrowPublisherOffer(offer)).toThrow(SdpError);
    expect(() => narrowPublisherOffer(offer)).toThrow(message);
  });

  it('reads a viewer’s offer for the payload types it numbers our codecs with, preferring the publisher’s profile', () => {
    const viewer = CHROME_OFFER.replace(/a=sendonly/g, 'a=recvonly');
    expect(readViewerOffer(viewer)).toMatchObject({ video: { mid: '1', payloadType: 127 }, audio: { mid: '0', payloadType: 111 } });
    expect(readViewerOffer(viewer, '42001F').video?.payloadType).toBe(102);
    expect(() => readViewerOffer(viewer.replace(/opus/g, 'speex').replace(/H264/g, 'AV1'))).toThrow(/neither/);
  });

  it('announces the engine’s host candidates at the addresses given, and keeps the answer as it is without any', () => {
    const answer = 'v=0\r\na=candidate:1 1 UDP 2122317823 10.0.0.5 8189 typ host\r\na=end-of-candidates\r\n';
    expect(announceHosts(answer, [])).toBe(answer);
    expect(announceHosts(answer, ['203.0.113.7', 'live.example.org']).split('\r\n')).toEqual([
      'v=0',
      'a=candidate:1 1 UDP 2122317823 203.0.113.7 8189 typ host',
      'a=candidate:1 1 UDP 2122317822 live.example.org 8189 typ host',
      'a=end-of-candidates',
      '',
    ]);
  });

  it('puts a passive TCP candidate (ICE over TCP) beside each UDP host candidate, which hosts announce as well', () => {
    const answer = 'v=0\r\na=candidate:1 1 UDP 2122317823 10.0.0.5 8189 typ host\r\na=candidate:2 1 UDP 1686052607 198.51.100.1 8189 typ srflx raddr 10.0.0.5 rport 8189\r\n';
    expect(withPassiveTcp(answer, 0)).toBe(answer);
    const withTcp = withPassiveTcp(answer, 443);
    expect(withTcp.split('\r\n')).toEqual([
      'v=0',
      'a=candidate:1 1 UDP 2122317823 10.0.0.5 8189 typ host',
      'a=candidate:tcp1 1 TCP 1520435199 10.0.0.5 443 typ host tcptype passive',
      'a=candidate:2 1 UDP 1686052607 198.51.100.1 8189 typ srflx raddr 10.0.0.5 rport 8189',
      '',
    ]);
    expect(announceHosts(withTcp, ['203.0.113.7'])).toContain('a=candidate:tcp1 1 TCP 1520435199 203.0.113.7 443 typ host tcptype passive');
  });

  it('describes the forwarded RTP to ffmpeg, and reads trickle fragments', () => {
    const sdp = packagerSdp(narrowPublisherOffer(CHROME_OFFER), { video: 40000, audio: 40002 });
    expect(sdp).toContain('m=video 40000 RTP/AVP 127\r\na=rtpmap:127 H264/90000');
    expect(sdp).toContain('m=audio 40002 RTP/AVP 111\r\na=rtpmap:111 opus/48000/2');
    const fragment = 'a=ice-ufrag:EsAw\r\na=ice-pwd:P2uYro0UCOQ4zxjKXaWCBui1\r\nm=audio 9 RTP/AVP 0\r\na=mid:0\r\na=candidate:1387637174 1 udp 2122260223 192.0.2.1 61764 typ host generation 0\r\na=end-of-candidates\r\n';
    expect(parseTrickleFragment(fragment)).toEqual({ ufrag: 'EsAw', candidates: [{ mid: '0', candidate: 'candidate:1387637174 1 udp 2122260223 192.0.2.1 61764 typ host generation 0' }] });
  });
});

describe('H.264 keyframes in RTP', () => {
  const rtp = (...payload: number[]) => Buffer.from([0x80, 0x60, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, ...payload]);
  it.each([
    ['an IDR slice', rtp(0x65, 0x88), true],
    ['an SPS', rtp(0x67, 0x42), true],
    ['a STAP-A carrying SPS and PPS', rtp(0x78, 0, 2, 0x67, 0x42, 0, 2, 0x68, 0xce), true],
    ['the first FU-A fragment of an IDR', rtp(0x7c, 0x85, 0x88), true],
    ['a later FU-A fragment of an IDR', rtp(0x7c, 0x05, 0x88), false],
    ['a P slice', rtp(0x41, 0x9a), false],
    ['an empty payload', rtp(), false],
  ])('tells %s', (_what, packet, keyframe) => {
    expect(isH264Keyframe(packet)).toBe(keyframe);
  });

  it('skips CSRCs and a header extension', () => {
    const packet = Buffer.from([0x91, 0x60, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 9, 0xbe, 0xde, 0, 1, 0x10, 0xff, 0, 0, 0x65]);
    expect(isH264Keyframe(packet)).toBe(true);
  });
});
