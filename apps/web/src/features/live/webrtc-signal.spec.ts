import { FAKE_OFFER } from '../../testing/fake-peer';
import { withStereoOpus } from './webrtc-signal';

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
