import { announcedFormat, sniffAudio } from './audio-sniff';

/** An MPEG-1 layer III frame header (128 kbit/s, 44.1 kHz, no padding: 417 bytes) followed by its body. */
const mp3Frame = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413)]);
/** An ADTS frame (AAC LC, 44.1 kHz, stereo) of `length` bytes. */
function adtsFrame(length = 200): Buffer {
  const frame = Buffer.alloc(length);
  frame.set([0xff, 0xf1, 0x50, 0x80 | ((length >> 11) & 3), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc]);
  return frame;
}

describe('sniffAudio', () => {
  it('finds two consecutive MP3 frames, also after an ID3 tag and from the middle of a frame', () => {
    expect(sniffAudio(Buffer.concat([mp3Frame(), mp3Frame()]))).toBe('mp3');
    const id3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a', 'latin1'), Buffer.alloc(10)]);
    expect(sniffAudio(Buffer.concat([id3, mp3Frame(), mp3Frame()]))).toBe('mp3');
    expect(sniffAudio(Buffer.concat([mp3Frame().subarray(100), mp3Frame(), mp3Frame()]))).toBe('mp3');
  });

  it('finds ADTS (AAC) frames and Ogg pages', () => {
    expect(sniffAudio(Buffer.concat([adtsFrame(), adtsFrame(300)]))).toBe('aac');
    expect(sniffAudio(Buffer.concat([Buffer.from('OggS\x00\x02', 'latin1'), Buffer.alloc(100)]))).toBe('ogg');
  });

  it('tells Ogg FLAC (the \\x7FFLAC mapping in the first page) and native FLAC (fLaC) from other Ogg streams', () => {
    const oggPage = (packet: Buffer) => Buffer.concat([Buffer.from('OggS\x00\x02', 'latin1'), Buffer.alloc(20), Buffer.from([1, packet.length]), packet]);
    const flacMapping = Buffer.concat([Buffer.from('\x7FFLAC\x01\x00\x00\x01fLaC\x00\x00\x00\x22', 'latin1'), Buffer.alloc(34)]);
    expect(sniffAudio(oggPage(flacMapping))).toBe('flac');
    expect(sniffAudio(oggPage(Buffer.concat([Buffer.from('\x01vorbis', 'latin1'), Buffer.alloc(23)])))).toBe('ogg');
    expect(sniffAudio(oggPage(Buffer.concat([Buffer.from('OpusHead', 'latin1'), Buffer.alloc(11)])))).toBe('ogg');
    // Cut before the packet's first bytes: more bytes may tell.
    expect(sniffAudio(oggPage(flacMapping).subarray(0, 30))).toBeNull();
    expect(sniffAudio(Buffer.concat([Buffer.from('fLaC\x00\x00\x00\x22', 'latin1'), Buffer.alloc(34)]))).toBe('flac');
    const id3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a', 'latin1'), Buffer.alloc(10)]);
    expect(sniffAudio(Buffer.concat([id3, Buffer.from('fLaC\x00\x00\x00\x22', 'latin1'), Buffer.alloc(34)]))).toBe('flac');
  });

  it('does not take one frame header, or noise with 0xFF bytes, for audio (more bytes may tell)', () => {
    expect(sniffAudio(mp3Frame())).toBeNull();
    expect(sniffAudio(Buffer.alloc(4000, 0xff))).toBeNull();
    expect(sniffAudio(Buffer.from('just some text'))).toBeNull();
  });

  it('tells an HTML page and a playlist from audio', () => {
    expect(sniffAudio(Buffer.from('\n  <!DOCTYPE html><html>'))).toBe('html');
    expect(sniffAudio(Buffer.from('#EXTM3U\nhttp://x/stream'))).toBe('playlist');
    expect(sniffAudio(Buffer.from('[playlist]\nFile1=http://x'))).toBe('playlist');
  });
});

describe('announcedFormat', () => {
  it.each([
    ['MP3', 'mp3'],
    ['aac+', 'aac'],
    [' AAC ', 'aac'],
    ['OGG', 'ogg'],
    ['FLAC', 'flac'],
    ['WMA', null],
    ['', null],
  ])('%j announces %j', (codec, format) => expect(announcedFormat(codec)).toBe(format));
});
