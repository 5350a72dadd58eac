/**
 * What the engine, as the receiver of a WebRTC publisher's RTP stream, tells that publisher (docs/live.md, "Sub-second
 * delivery"): a receiver report after each of its sender reports (RFC 3550 6.4.2), the bitrate it may send (REMB) and
 * picture loss (PLI, RFC 4585). libdatachannel's RtcpReceivingSession does this too, but it swallows the publisher's
 * sender reports, which viewers need to line the sound up with the picture; with this class the engine's track has no
 * media handler, so every RTCP packet reaches the engine, which forwards the sender reports to the viewers.
 *
 * The packets name the stream's own SSRC as their sender, as libdatachannel's do (browsers take them).
 */
export class RtcpReceiver {
  /** The stream's SSRC, from its first packet (0 until then: nothing is sent). */
  private ssrc = 0;
  private baseSeq = 0;
  private maxSeq = 0;
  private cycles = 0;
  private received = 0;
  private expectedPrior = 0;
  private receivedPrior = 0;
  /** The last sender report: the middle 32 bits of its NTP time, and when it came (ms). */
  private lastSr?: { middle: number; at: number };

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether a packet of the stream came yet. */
  get started(): boolean {
    return this.received > 0;
  }

  /** An RTP packet of the stream: counted, for the losses the next receiver report gives. */
  rtp(packet: Buffer): void {
    if (packet.length < 12) return;
    const seq = packet.readUInt16BE(2);
    if (!this.received) {
      this.ssrc = packet.readUInt32BE(8);
      this.baseSeq = this.maxSeq = seq;
    } else {
      const ahead = (seq - this.maxSeq + 0x10000) % 0x10000;
      // In order (a gap of lost packets allowed): the newest; far behind or far ahead: late or out of order.
      if (ahead > 0 && ahead < MAX_DROPOUT) {
        if (seq < this.maxSeq) this.cycles += 0x10000;
        this.maxSeq = seq;
      }
    }
    this.received++;
  }

  /** A sender report of the stream (its first packet, in a compound one): the next receiver report answers it. */
  senderReport(packet: Buffer): void {
    if (packet.length < SR_SIZE) return;
    this.ssrc ||= packet.readUInt32BE(4);
    this.lastSr = { middle: packet.readUInt32BE(10), at: this.now() };
  }

  /** A receiver report of the stream (RFC 3550 6.4.2): losses since the start and since the last one, and the last SR. */
  receiverReport(): Buffer | undefined {
    if (!this.ssrc) return undefined;
    const highest = this.cycles + this.maxSeq;
    const expected = this.received ? highest - this.baseSeq + 1 : 0;
    const lost = Math.min(Math.max(expected - this.received, 0), 0x7fffff);
    const expectedInterval = expected - this.expectedPrior;
    const lostInterval = expectedInterval - (this.received - this.receivedPrior);
    [this.expectedPrior, this.receivedPrior] = [expected, this.received];
    const fraction = expectedInterval > 0 && lostInterval > 0 ? Math.min(255, Math.floor((lostInterval * 256) / expectedInterval)) : 0;
    const report = Buffer.alloc(32);
    report.writeUInt8(0x81, 0); // version 2, one report block
    report.writeUInt8(RTCP_RR, 1);
    report.writeUInt16BE(report.length / 4 - 1, 2);
    report.writeUInt32BE(this.ssrc, 4);
    report.writeUInt32BE(this.ssrc, 8);
    report.writeUInt8(fraction, 12);
    report.writeUIntBE(lost, 13, 3);
    report.writeUInt32BE(highest >>> 0, 16);
    // Interarrival jitter: not measured (libdatachannel reports 0 too).
    if (this.lastSr) {
      report.writeUInt32BE(this.lastSr.middle, 24);
      report.writeUInt32BE(Math.round(((this.now() - this.lastSr.at) / 1000) * 65536) >>> 0, 28);
    }
    return report;
  }

  /** Receiver-estimated maximum bitrate (REMB): the publisher may send up to `bitrate` bits a second. */
  bitrate(bitrate: number): Buffer | undefined {
    if (!this.ssrc) return undefined;
    let [exponent, mantissa] = [0, Math.max(0, Math.floor(bitrate))];
    while (mantissa > 0x3ffff) {
      mantissa >>>= 1;
      exponent++;
    }
    const remb = Buffer.alloc(24);
    remb.writeUInt8(0x80 | 15, 0); // version 2, application layer feedback
    remb.writeUInt8(RTCP_PSFB, 1);
    remb.writeUInt16BE(remb.length / 4 - 1, 2);
    remb.writeUInt32BE(this.ssrc, 4);
    remb.write('REMB', 12, 'latin1');
    remb.writeUInt8(1, 16);
    remb.writeUInt8((exponent << 2) | (mantissa >>> 16), 17);
    remb.writeUInt16BE(mantissa & 0xffff, 18);
    remb.writeUInt32BE(this.ssrc, 20);
    return remb;
  }

  /** Picture loss indication (PLI): the publisher sends a keyframe. */
  pictureLoss(): Buffer | undefined {
    if (!this.ssrc) return undefined;
    const pli = Buffer.alloc(12);
    pli.writeUInt8(0x81, 0); // version 2, PLI
    pli.writeUInt8(RTCP_PSFB, 1);
    pli.writeUInt16BE(pli.length / 4 - 1, 2);
    pli.writeUInt32BE(this.ssrc, 4);
    pli.writeUInt32BE(this.ssrc, 8);
    return pli;
  }
}

export const RTCP_SR = 200;
const RTCP_RR = 201;
/** Payload-specific feedback: PLI, FIR, REMB. */
export const RTCP_PSFB = 206;

/** Whether an RTP or RTCP packet (rtcp-mux, RFC 5761) is RTCP: its second byte, 192-223. */
export function isRtcp(packet: Buffer): boolean {
  return packet[1] >= 192 && packet[1] <= 223;
}
/** A sender report without report blocks: header, SSRC, NTP time, RTP time, packet and octet counts. */
const SR_SIZE = 28;
/** RFC 3550 A.1: a jump this far ahead is a restart or a stray, not the next packets. */
const MAX_DROPOUT = 3000;
