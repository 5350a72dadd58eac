import { RtcpReceiver } from './rtcp-receiver';

const SSRC = 0x1234abcd;

function rtp(seq: number): Buffer {
  const packet = Buffer.alloc(20);
  packet.writeUInt8(0x80, 0);
  packet.writeUInt8(102, 1);
  packet.writeUInt16BE(seq, 2);
  packet.writeUInt32BE(SSRC, 8);
  return packet;
}

/** A sender report whose NTP time is `ntpSeconds`.`fraction` (the middle 32 bits: its low and high 16 bits). */
function senderReport(ntpSeconds: number, fraction: number): Buffer {
  const sr = Buffer.alloc(28);
  sr.writeUInt8(0x80, 0);
  sr.writeUInt8(200, 1);
  sr.writeUInt16BE(6, 2);
  sr.writeUInt32BE(SSRC, 4);
  sr.writeUInt32BE(ntpSeconds, 8);
  sr.writeUInt32BE(fraction, 12);
  return sr;
}

describe('RtcpReceiver', () => {
  it('sends nothing before it knows the stream’s SSRC', () => {
    const receiver = new RtcpReceiver();
    expect(receiver.started).toBe(false);
    expect([receiver.receiverReport(), receiver.bitrate(6_000_000), receiver.pictureLoss()]).toEqual([undefined, undefined, undefined]);
  });

  it('reports the packets lost, in all and since its last report, the newest sequence number past a wrap, and the last sender report', () => {
    let now = 1_000_000;
    const receiver = new RtcpReceiver(() => now);
    // 65530 … 65535, 0 … 9 with 3 and 4 lost: 14 of 16.
    for (let seq = 65530; seq < 65536; seq++) receiver.rtp(rtp(seq));
    for (let seq = 0; seq < 10; seq++) if (seq !== 3 && seq !== 4) receiver.rtp(rtp(seq));
    receiver.rtp(rtp(65533)); // a late duplicate: counted, not the newest
    receiver.senderReport(senderReport(0x0000aaaa, 0xbbbb0000));
    now += 500;
    const report = receiver.receiverReport()!;
    expect(report).toHaveLength(32);
    expect([report[0], report[1], report.readUInt16BE(2)]).toEqual([0x81, 201, 7]);
    expect([report.readUInt32BE(4), report.readUInt32BE(8)]).toEqual([SSRC, SSRC]);
    // 16 expected, 15 received (the duplicate counts, as RFC 3550 counts it): 1 lost, 16 in 256ths of the interval.
    expect(report.readUIntBE(13, 3)).toBe(1);
    expect(report[12]).toBe(16);
    expect(report.readUInt32BE(16)).toBe(0x10000 + 9);
    expect(report.readUInt32BE(24)).toBe(0xaaaabbbb);
    // Half a second since that report, in 1/65536 s.
    expect(report.readUInt32BE(28)).toBe(32768);

    // Nothing lost since: the fraction is 0, the total stays.
    for (let seq = 10; seq < 20; seq++) receiver.rtp(rtp(seq));
    const next = receiver.receiverReport()!;
    expect([next[12], next.readUIntBE(13, 3), next.readUInt32BE(16)]).toEqual([0, 1, 0x10000 + 19]);
  });

  it('asks for a keyframe (PLI) and tells the bitrate it may send (REMB) to the stream’s SSRC', () => {
    const receiver = new RtcpReceiver();
    receiver.rtp(rtp(1));
    expect(receiver.started).toBe(true);
    const pli = receiver.pictureLoss()!;
    expect([...pli]).toEqual([0x81, 206, 0, 2, 0x12, 0x34, 0xab, 0xcd, 0x12, 0x34, 0xab, 0xcd]);
    const remb = receiver.bitrate(6_000_000)!;
    expect([remb[0], remb[1], remb.readUInt16BE(2)]).toEqual([0x8f, 206, 5]);
    expect(remb.toString('latin1', 12, 16)).toBe('REMB');
    expect(remb[16]).toBe(1);
    const exponent = remb[17] >> 2;
    const mantissa = ((remb[17] & 0x03) << 16) | remb.readUInt16BE(18);
    expect(mantissa).toBeLessThanOrEqual(0x3ffff);
    expect(mantissa * 2 ** exponent).toBeLessThanOrEqual(6_000_000);
    expect(mantissa * 2 ** exponent).toBeGreaterThan(6_000_000 - 2 ** exponent);
    expect(remb.readUInt32BE(20)).toBe(SSRC);
  });
});
