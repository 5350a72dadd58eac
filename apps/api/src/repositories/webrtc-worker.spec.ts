import { fanOut, isH264Keyframe } from './webrtc-worker';

type Source = Parameters<typeof fanOut>[0];
type Viewer = Source['viewers'] extends Set<infer V> ? V : never;

const SSRC = 0x11223344;

/** An RTP packet of the stream: `payloadType` with the marker bit when `marker`, a sequence number, and `payload`. */
function rtp(payloadType: number, marker: boolean, seq: number, payload: number[]): Buffer {
  const header = Buffer.alloc(12);
  header[0] = 0x80;
  header[1] = (marker ? 0x80 : 0) | payloadType;
  header.writeUInt16BE(seq, 2);
  header.writeUInt32BE(SSRC, 8);
  return Buffer.concat([header, Buffer.from(payload)]);
}

const IDR = [0x65, 0x88, 0x84];
const SLICE = [0x41, 0x9a, 0x02];

/** A viewer's track that records what it was sent. */
function fakeTrack(open = true) {
  const sent: Buffer[] = [];
  return { sent, isOpen: () => open, sendMessageBinary: (packet: Buffer) => sent.push(packet) > 0 };
}

/** A viewer that negotiated `payloadType` for video (and Opus as 111), started or waiting for a keyframe. */
function viewer(payloadType: number, { started = true, open = true } = {}) {
  const video = fakeTrack(open);
  const audio = fakeTrack(open);
  const made = { video: { track: video, payloadType }, audio: { track: audio, payloadType: 111 }, started } as unknown as Viewer;
  return { made, video: video.sent, audio: audio.sent };
}

function source(...viewers: ReturnType<typeof viewer>[]): Source {
  return { streamId: 's', format: { video: { payloadType: 96 }, audio: { payloadType: 111 } }, ssrc: {}, viewers: new Set(viewers.map((v) => v.made)), keyframe: () => undefined, lastKeyframeAsk: 0, waiting: [], close: () => undefined };
}

describe('fanOut', () => {
  it('sends each viewer the payload type it negotiated: the packet itself, or one copy per other type that its viewers share', () => {
    const same = [viewer(96), viewer(96)];
    const chrome = [viewer(102), viewer(102), viewer(102)];
    const other = viewer(127);
    const stream = source(same[0], chrome[0], other, chrome[1], same[1], chrome[2]);
    const first = rtp(96, true, 1, IDR);
    fanOut(stream, 'video', first);

    for (const v of same) expect(v.video).toEqual([first]);
    for (const v of same) expect(v.video[0]).toBe(first);
    const copy = chrome[0].video[0];
    for (const v of chrome) expect(v.video).toHaveLength(1);
    for (const v of chrome) expect(v.video[0]).toBe(copy);
    expect(copy).not.toBe(first);
    expect(other.video[0]).not.toBe(copy);
    expect(other.video[0]).not.toBe(first);
    // The marker bit kept; nothing else of the packet changed, and the stream's own packet left as it came.
    expect(copy[1]).toBe(0x80 | 102);
    expect(other.video[0][1]).toBe(0x80 | 127);
    expect(first[1]).toBe(0x80 | 96);
    for (const sent of [copy, other.video[0]]) expect(Buffer.concat([sent.subarray(0, 1), sent.subarray(2)])).toEqual(Buffer.concat([first.subarray(0, 1), first.subarray(2)]));

    // The next packet, without the marker: copies of its own, and the ones already sent stay as they were sent.
    const second = rtp(96, false, 2, SLICE);
    fanOut(stream, 'video', second);
    expect(chrome[1].video[1]).toBe(chrome[2].video[1]);
    expect(chrome[1].video[1]).not.toBe(copy);
    expect(chrome[1].video[1][1]).toBe(102);
    expect(other.video[1][1]).toBe(127);
    expect(copy[1]).toBe(0x80 | 102);
    expect(copy.readUInt16BE(2)).toBe(1);
    expect(chrome[1].video[1].subarray(12)).toEqual(Buffer.from(SLICE));
  });

  it('starts a viewer’s video on a keyframe, skips closed tracks, and passes sender reports to started viewers as they are', () => {
    const waiting = viewer(102, { started: false });
    const closed = viewer(96, { open: false });
    const stream = source(waiting, closed);
    fanOut(stream, 'video', rtp(96, false, 1, SLICE));
    expect(waiting.video).toEqual([]);
    // Sender reports (RTCP 200) reach a viewer's video once its picture started, not before.
    const report = Buffer.concat([Buffer.from([0x80, 200, 0x00, 0x06, 0x11, 0x22, 0x33, 0x44]), Buffer.alloc(20)]); // 28 bytes: (6 + 1) words
    fanOut(stream, 'video', report);
    expect(waiting.video).toEqual([]);
    fanOut(stream, 'video', rtp(96, true, 2, IDR));
    fanOut(stream, 'video', rtp(96, false, 3, SLICE));
    expect(waiting.video.map((p) => [p[1], p.readUInt16BE(2)])).toEqual([
      [0x80 | 102, 2],
      [102, 3],
    ]);
    fanOut(stream, 'video', report);
    expect(waiting.video.at(-1)).toBe(report);
    fanOut(stream, 'audio', rtp(111, false, 7, [1, 2, 3]));
    expect(waiting.audio.map((p) => p[1])).toEqual([111]);
    expect(closed.video).toEqual([]);
    expect(closed.audio).toEqual([]);
  });

  it('learns the SSRC of each kind from its first packet, and wakes the viewers waiting for them once both are known', () => {
    const stream = source();
    const wake = jest.fn();
    stream.waiting.push(wake);
    fanOut(stream, 'video', rtp(96, false, 1, SLICE));
    expect(stream.ssrc).toEqual({ video: SSRC });
    expect(wake).not.toHaveBeenCalled();
    fanOut(stream, 'audio', rtp(111, false, 1, [1]));
    expect(stream.ssrc).toEqual({ video: SSRC, audio: SSRC });
    expect(wake).toHaveBeenCalledTimes(1);
    expect(stream.waiting).toEqual([]);
  });

  it('drops what is too short to be RTP (anything local may write to the feed port) without throwing', () => {
    const watching = viewer(96);
    const stream = source(watching);
    for (const junk of [Buffer.alloc(0), Buffer.from([0x80]), Buffer.from([0x80, 96, 0, 1, 0, 0, 0, 0, 0, 0, 0])]) {
      expect(() => fanOut(stream, 'video', junk)).not.toThrow();
    }
    expect(stream.ssrc).toEqual({});
    expect(watching.video).toEqual([]);
  });
});

describe('isH264Keyframe', () => {
  it('knows an IDR slice, an SPS, and the first fragment of an IDR, from a slice that is not one', () => {
    expect(isH264Keyframe(rtp(96, false, 1, IDR))).toBe(true);
    expect(isH264Keyframe(rtp(96, false, 1, [0x67, 0x42]))).toBe(true);
    expect(isH264Keyframe(rtp(96, false, 1, [0x7c, 0x85]))).toBe(true);
    expect(isH264Keyframe(rtp(96, false, 1, [0x7c, 0x05]))).toBe(false);
    expect(isH264Keyframe(rtp(96, false, 1, SLICE))).toBe(false);
    expect(isH264Keyframe(rtp(96, false, 1, []))).toBe(false);
  });
});
