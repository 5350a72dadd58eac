import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { UpstreamConnector } from '../../repositories/upstream-connector';
import { FlacHeaderReader, type OggPage, OggPager, vorbisComment } from './ogg-pages';
import { type RelayTitle, StationRelay } from './station-relay';

/** An Ogg page (RFC 3533) of one logical stream holding `packets` whole; the CRC is not checked by the pager. */
function page(packets: Buffer[], { bos = false, granule = 0n, seq = 0 }: { bos?: boolean; granule?: bigint; seq?: number } = {}): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    let left = packet.length;
    while (left >= 255) {
      lacing.push(255);
      left -= 255;
    }
    lacing.push(left);
  }
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head[5] = bos ? 0x02 : 0;
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(0x1234, 14);
  head.writeUInt32LE(seq, 18);
  head[26] = lacing.length;
  return Buffer.concat([head, Buffer.from(lacing), ...packets]);
}

/** A Vorbis comment: vendor, then KEY=value entries, each with its 32-bit little-endian length. */
function comment(entries: string[]): Buffer {
  const field = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const count = Buffer.alloc(4);
  count.writeUInt32LE(entries.length);
  return Buffer.concat([field('Lavf'), count, ...entries.map(field)]);
}

/** An Ogg FLAC song as Icecast sends it: the mapping (with STREAMINFO), the VORBIS_COMMENT block, then audio pages. */
function flacSong(entries: string[], audioPages: number, fill: number): Buffer[] {
  const mapping = Buffer.concat([Buffer.from('\x7fFLAC\x01\x00\x00\x01fLaC', 'latin1'), Buffer.from([0, 0, 0, 34]), Buffer.alloc(34, 7)]);
  const body = comment(entries);
  const block = Buffer.concat([Buffer.from([0x84, body.length >> 16, (body.length >> 8) & 0xff, body.length & 0xff]), body]);
  const audio = Array.from({ length: audioPages }, (_, i) => page([Buffer.concat([Buffer.from([0xff, 0xf8]), Buffer.alloc(1000, fill)])], { granule: BigInt((i + 1) * 4096), seq: i + 2 }));
  return [page([mapping], { bos: true }), page([block], { seq: 1 }), ...audio];
}

function pagesOf(bytes: Buffer, chunkSize: number): OggPage[] {
  const pager = new OggPager();
  const pages: OggPage[] = [];
  pager.on('page', (p: OggPage) => pages.push(p));
  for (let at = 0; at < bytes.length; at += chunkSize) pager.push(bytes.subarray(at, at + chunkSize));
  return pages;
}

describe('Ogg pages', () => {
  const song = flacSong(['TITLE=Paranoid', 'ARTIST=Black Sabbath'], 3, 1);

  it.each([1, 7, 500, 100_000])('cuts the stream into whole pages, the headers marked, whatever the chunks (%i bytes)', (chunkSize) => {
    const pages = pagesOf(Buffer.concat(song), chunkSize);
    expect(pages.map((p) => p.bytes)).toEqual(song);
    expect(pages.map((p) => [p.bos, p.header])).toEqual([[true, true], [false, true], [false, false], [false, false], [false, false]]);
  });

  it('resynchronises on the next page when joined mid-page, and skips what is not a page', () => {
    const joined = Buffer.concat([song[2].subarray(300), Buffer.from('OggS junk'), ...song.slice(3)]);
    expect(pagesOf(joined, 64).map((p) => p.bytes)).toEqual(song.slice(3));
  });

  it("reads a song's title from its Vorbis comment (Ogg FLAC and Opus), and nothing from other pages", () => {
    expect(Object.fromEntries(vorbisComment(song[1]) ?? [])).toEqual({ TITLE: 'Paranoid', ARTIST: 'Black Sabbath' });
    const opus = page([Buffer.concat([Buffer.from('OpusTags'), comment(['title=Zombie'])])], { seq: 1 });
    expect(vorbisComment(opus)?.get('TITLE')).toBe('Zombie');
    expect(vorbisComment(song[0])).toBeNull();
    expect(vorbisComment(song[2])).toBeNull();
    // A comment cut short (its length says more than the page has) gives what was complete.
    expect(vorbisComment(page([Buffer.from([0x84, 0, 0, 9, 4, 0, 0, 0])]))).toBeNull();
  });

  it("keeps native FLAC's stream header apart from the frames after it, and lets other bytes through as audio", () => {
    const header = Buffer.concat([Buffer.from('fLaC'), Buffer.from([0, 0, 0, 34]), Buffer.alloc(34, 1), Buffer.from([0x84, 0, 0, 2, 9, 9])]);
    const frames = Buffer.from([0xff, 0xf8, 1, 2, 3]);
    const reader = new FlacHeaderReader();
    expect(reader.push(header.subarray(0, 20))).toBeUndefined();
    expect(reader.push(Buffer.concat([header.subarray(20), frames]))).toEqual({ header, rest: frames });
    expect(new FlacHeaderReader().push(frames)).toEqual({ header: null, rest: frames });
  });
});

describe('a relay of a FLAC stream', () => {
  /** A relay whose upstream is `body`, served as Icecast serves an Ogg mount (no ICY metadata), or as `contentType`. */
  function relayOf(body: PassThrough, contentType = 'application/ogg'): StationRelay {
    const connector = { open: async () => ({ body: body as unknown as IncomingMessage, contentType, url: 'http://icecast.test/rock.ogg' }) };
    return new StationRelay('rock', 'http://icecast.test/rock.ogg', connector as unknown as UpstreamConnector, { flushMs: 5, burstBytes: 1500, lingerMs: 60_000 });
  }

  /** A listener's socket: what it was sent. */
  function listener(): { socket: Socket; received: () => Buffer } {
    const socket = new PassThrough();
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    return { socket: socket as unknown as Socket, received: () => Buffer.concat(chunks) };
  }

  const settle = () => new Promise((r) => setTimeout(r, 30));

  it("starts a newcomer with the song's headers and a burst on a page boundary, and reads each song's title", async () => {
    const upstream = new PassThrough();
    const relay = relayOf(upstream);
    const titles: RelayTitle[] = [];
    relay.on('title', (t: RelayTitle & { updatedAt: Date }) => titles.push({ artist: t.artist, title: t.title }));
    await relay.ready();
    expect(relay.contentType).toBe('application/ogg');
    const first = flacSong(['TITLE=Paranoid', 'ARTIST=Black Sabbath'], 4, 1);
    const early = listener();
    relay.add(early.socket);
    // Each page in two writes, as a network may deliver it.
    for (const p of first) {
      upstream.write(p.subarray(0, 20));
      upstream.write(p.subarray(20));
      await settle();
    }
    expect(early.received()).toEqual(Buffer.concat(first));

    const late = listener();
    relay.add(late.socket);
    // The headers, then the burst (1500 bytes: the last two audio pages, each page whole).
    expect(late.received()).toEqual(Buffer.concat([first[0], first[1], first[4], first[5]]));

    // The next song of the chained stream: its headers replace the first's, and its title is now playing.
    const second = flacSong(['TITLE=Psycho Killer - Talking Heads'], 2, 2);
    upstream.write(Buffer.concat(second));
    await settle();
    const newcomer = listener();
    relay.add(newcomer.socket);
    expect(newcomer.received()).toEqual(Buffer.concat(second));
    expect(early.received()).toEqual(Buffer.concat([...first, ...second]));
    expect(titles).toEqual([
      { artist: 'Black Sabbath', title: 'Paranoid' },
      { artist: 'Psycho Killer', title: 'Talking Heads' },
    ]);
    relay.close();
  });

  it("starts a newcomer to native FLAC with the stream's fLaC header, then the burst", async () => {
    const upstream = new PassThrough();
    const relay = relayOf(upstream, 'audio/flac');
    await relay.ready();
    const header = Buffer.concat([Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 34]), Buffer.alloc(34, 1)]);
    const frames = [2, 3, 4].map((fill) => Buffer.concat([Buffer.from([0xff, 0xf8]), Buffer.alloc(998, fill)]));
    upstream.write(header.subarray(0, 10));
    upstream.write(Buffer.concat([header.subarray(10), frames[0]]));
    await settle();
    for (const frame of frames.slice(1)) {
      upstream.write(frame);
      await settle();
    }
    const late = listener();
    relay.add(late.socket);
    // The burst (1500 bytes) has let the first frame go, and with it the bytes the header came in; the header comes first all the same.
    expect(late.received()).toEqual(Buffer.concat([header, frames[1], frames[2]]));
    relay.close();
  });
});
