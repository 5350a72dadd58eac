import { IcyDemuxer } from './icy-demuxer';
import { decodeMetadata, splitTitle, streamTitle } from './icy-title';

function icyStream(metaint: number, audio: Buffer, metadata: (Buffer | null)[]): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0, block = 0; i < audio.length; i += metaint, block++) {
    parts.push(audio.subarray(i, i + metaint));
    if (i + metaint > audio.length) break;
    const meta = metadata[block] ?? null;
    if (!meta) {
      parts.push(Buffer.from([0]));
    } else {
      const padded = Buffer.alloc(Math.ceil(meta.length / 16) * 16);
      meta.copy(padded);
      parts.push(Buffer.from([padded.length / 16]), padded);
    }
  }
  return Buffer.concat(parts);
}

async function demux(metaint: number, input: Buffer, chunkSize: number): Promise<{ audio: Buffer; titles: string[] }> {
  const demuxer = new IcyDemuxer(metaint);
  const titles: string[] = [];
  const audio: Buffer[] = [];
  demuxer.on('metadata', (m: string) => titles.push(m));
  demuxer.on('data', (c: Buffer) => audio.push(c));
  for (let i = 0; i < input.length; i += chunkSize) demuxer.write(input.subarray(i, i + chunkSize));
  demuxer.end();
  await new Promise((r) => demuxer.on('end', r));
  return { audio: Buffer.concat(audio), titles };
}

describe('IcyDemuxer', () => {
  const audio = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
  const meta = [Buffer.from("StreamTitle='Dżem - Whisky';"), null, Buffer.from("StreamTitle='Kult - Arahja';StreamUrl='';")];
  const stream = icyStream(1000, audio, meta);

  it.each([1, 7, 999, 1000, 1001, 4096, stream.length])('returns the audio byte for byte and every title, in chunks of %i', async (size) => {
    const out = await demux(1000, stream, size);
    expect(out.audio.equals(audio)).toBe(true);
    expect(out.titles.map((t) => streamTitle(t))).toEqual(['Dżem - Whisky', 'Kult - Arahja']);
  });

  it('passes everything through without a metaint', async () => {
    const demuxer = new IcyDemuxer(undefined);
    const out: Buffer[] = [];
    demuxer.on('data', (c: Buffer) => out.push(c));
    demuxer.end(stream);
    await new Promise((r) => demuxer.on('end', r));
    expect(Buffer.concat(out).equals(stream)).toBe(true);
  });
});

describe('ICY titles', () => {
  it('decodes UTF-8, and falls back to ISO-8859-2 for Polish stations, then ISO-8859-1', () => {
    expect(decodeMetadata(Buffer.from('Zażółć gęślą jaźń', 'utf8'))).toBe('Zażółć gęślą jaźń');
    expect(decodeMetadata(new TextEncoderLatin2().encode('Łódź'))).toBe('Łódź');
    expect(decodeMetadata(Buffer.from([0x4d, 0xf6, 0x74, 0x6c, 0x65, 0x79]))).toBe('Mötley');
  });

  it('reads StreamTitle, including quotes inside it', () => {
    expect(streamTitle("StreamTitle='Guns N' Roses - Sweet Child O' Mine';StreamUrl='http://x';")).toBe("Guns N' Roses - Sweet Child O' Mine");
    expect(streamTitle("StreamTitle='';")).toBeUndefined();
    expect(streamTitle("StreamUrl='x';")).toBeUndefined();
  });

  it('splits "Artist - Title"', () => {
    expect(splitTitle('Perfect - Autobiografia')).toEqual({ artist: 'Perfect', title: 'Autobiografia' });
    expect(splitTitle('AC/DC - Back In Black - Live')).toEqual({ artist: 'AC/DC', title: 'Back In Black - Live' });
    expect(splitTitle('Serwis informacyjny')).toEqual({ artist: null, title: 'Serwis informacyjny' });
  });

  it('cuts an artist or title longer than 256 characters to 255 and an ellipsis, never inside a surrogate pair', () => {
    const latin1 = decodeMetadata(Buffer.alloc(4000, 0xe9)); // the longest ICY title, every byte a Latin-1 letter
    expect(latin1).toHaveLength(4000);
    const { artist, title } = splitTitle(latin1);
    expect(artist).toBeNull();
    expect(title).toBe(`${'é'.repeat(255)}…`);
    expect(Buffer.byteLength(title)).toBeLessThan(1024);
    const long = splitTitle(`${'🎸'.repeat(300)} - ${'x'.repeat(256)}`);
    expect(long.artist).toBe(`${'🎸'.repeat(255)}…`);
    expect(long.title).toBe('x'.repeat(256));
  });
});

/** ISO-8859-2 bytes for the test (Node has no encoder for it). */
class TextEncoderLatin2 {
  private static readonly table: Record<string, number> = { Ł: 0xa3, ó: 0xf3, d: 0x64, ź: 0xbc };
  encode(text: string): Buffer {
    return Buffer.from([...text].map((c) => TextEncoderLatin2.table[c]));
  }
}
