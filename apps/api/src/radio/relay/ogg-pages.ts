import { EventEmitter } from 'node:events';

/** One Ogg page, whole (RFC 3533 section 6). */
export interface OggPage {
  bytes: Buffer;
  /** The first page of a logical stream: a new stream (or the next song of a chained one) starts here. */
  bos: boolean;
  /**
   * A page of the stream's headers: its first page and those after it that end no audio packet (granule position 0,
   * or -1 where no packet ends on the page). A decoder needs them before any audio page.
   */
  header: boolean;
}

const CAPTURE = Buffer.from('OggS');
const HEADER_SIZE = 27;
/** The largest page: 27 bytes, 255 lacing values, 255 segments of 255 bytes. */
const MAX_PAGE = HEADER_SIZE + 255 + 255 * 255;

/**
 * Cuts an Ogg byte stream (Icecast's Ogg mounts: FLAC, Vorbis, Opus) into whole pages ('page' events, OggPage), so a
 * relay can start a newcomer on a page boundary after the stream's headers. Bytes before a capture pattern are skipped
 * (a stream joined mid-page resynchronises on the next one).
 */
export class OggPager extends EventEmitter {
  private pending: Buffer = Buffer.alloc(0);
  private inHeaders = false;

  push(chunk: Buffer): void {
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    for (;;) {
      const start = data.indexOf(CAPTURE, at);
      if (start < 0) {
        // Keep the last 3 bytes: a capture pattern may continue in the next chunk.
        at = Math.max(at, data.length - 3);
        break;
      }
      at = start;
      if (data.length - at < HEADER_SIZE) break;
      const segments = data[at + 26];
      if (data.length - at < HEADER_SIZE + segments) break;
      let length = HEADER_SIZE + segments;
      for (let i = 0; i < segments; i++) length += data[at + HEADER_SIZE + i];
      if (data[at + 4] !== 0 || length > MAX_PAGE) {
        // Not a page after all (version 0 is the only one): look further.
        at += 1;
        continue;
      }
      if (data.length - at < length) break;
      this.emitPage(data.subarray(at, at + length));
      at += length;
    }
    data = data.subarray(at);
    // Nothing that is not a page is kept without bound.
    this.pending = data.length > MAX_PAGE ? Buffer.alloc(0) : Buffer.from(data);
  }

  private emitPage(bytes: Buffer): void {
    const bos = (bytes[5] & 0x02) !== 0;
    const granule = bytes.readBigInt64LE(6);
    if (bos) this.inHeaders = true;
    else if (granule !== 0n && granule !== -1n) this.inHeaders = false;
    this.emit('page', { bytes: Buffer.from(bytes), bos, header: this.inHeaders } satisfies OggPage);
  }
}

/** The packets that start on the page (the first one only in part when it goes on over the next page). */
function firstPacket(page: Buffer): Buffer {
  const segments = page[26];
  let length = 0;
  for (let i = 0; i < segments; i++) {
    length += page[HEADER_SIZE + i];
    if (page[HEADER_SIZE + i] < 255) break;
  }
  const body = HEADER_SIZE + segments;
  return page.subarray(body, body + length);
}

/**
 * The Vorbis comment (`ARTIST=…`, `TITLE=…`) of a header page, as Ogg FLAC (a VORBIS_COMMENT metadata block), Ogg
 * Vorbis (`\x03vorbis`) and Ogg Opus (`OpusTags`) carry it: each song of a chained stream has its own. Null for any
 * other page, or a comment cut short.
 */
export function vorbisComment(page: Buffer): Map<string, string> | null {
  if ((page[5] & 0x01) !== 0) return null; // goes on from an earlier page: not the start of a packet
  const packet = firstPacket(page);
  let at: number;
  if ((packet[0] & 0x7f) === 4 && packet.length >= 4) at = 4; // FLAC metadata block: type 4, 24-bit length
  else if (packet.subarray(0, 7).toString('latin1') === '\x03vorbis') at = 7;
  else if (packet.subarray(0, 8).toString('latin1') === 'OpusTags') at = 8;
  else return null;
  const read = (): string | null => {
    if (at + 4 > packet.length) return null;
    const length = packet.readUInt32LE(at);
    if (at + 4 + length > packet.length) return null;
    const text = packet.subarray(at + 4, at + 4 + length).toString('utf8');
    at += 4 + length;
    return text;
  };
  if (read() === null || at + 4 > packet.length) return null; // the vendor string
  const count = packet.readUInt32LE(at);
  at += 4;
  const comments = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const entry = read();
    if (entry === null) return comments.size ? comments : null;
    const eq = entry.indexOf('=');
    if (eq > 0) comments.set(entry.slice(0, eq).toUpperCase(), entry.slice(eq + 1));
  }
  return comments;
}

/** The largest stream header of native FLAC kept for newcomers: `fLaC`, STREAMINFO and the other metadata blocks. */
const MAX_FLAC_HEADER = 1024 * 1024;

/**
 * The stream header of native FLAC (`fLaC` and its metadata blocks, up to the one flagged last), which a decoder needs
 * before any frame: `push` returns undefined while it is incomplete, then the header and the audio after it; no header
 * (and every byte as audio) when the bytes are not native FLAC or the header is too long to keep.
 */
export class FlacHeaderReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): { header: Buffer | null; rest: Buffer } | undefined {
    const data = Buffer.concat([this.pending, chunk]);
    if (data.length >= 4 && data.subarray(0, 4).toString('latin1') !== 'fLaC') return { header: null, rest: data };
    let at = 4;
    while (data.length >= at + 4) {
      const last = (data[at] & 0x80) !== 0;
      at += 4 + data.readUIntBE(at + 1, 3);
      if (at > MAX_FLAC_HEADER) return { header: null, rest: data };
      if (last && data.length >= at) return { header: data.subarray(0, at), rest: data.subarray(at) };
      if (last) break;
    }
    this.pending = data;
    return undefined;
  }
}
