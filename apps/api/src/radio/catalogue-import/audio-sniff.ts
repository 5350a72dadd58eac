/**
 * What a stream's first bytes are (docs/radio-catalogue.md, "Importing stations"): MP3 (MPEG audio frames), AAC (ADTS
 * frames), FLAC (in Ogg, as Icecast serves it: the first page's packet is the `\x7FFLAC` mapping; or native, `fLaC`)
 * or another Ogg stream (Vorbis, Opus), found by their headers, two consecutive frames for MPEG and ADTS so that a stray
 * 0xFF in other data is not taken for audio; or an HTML page or a playlist, which some directory entries point at
 * instead.
 */
export type AudioFormat = 'mp3' | 'aac' | 'flac' | 'ogg';
export type Sniffed = AudioFormat | 'html' | 'playlist';

/** kbit/s by bitrate index, for MPEG-1 layer III and MPEG-2/2.5 layer III. */
const MPEG1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG_RATES = [44100, 48000, 32000];

/** The length of the MPEG layer III frame whose header starts at `at`, or 0 when there is none. */
function mp3FrameLength(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return 0;
  const version = (bytes[at + 1] >> 3) & 3; // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
  const layer = (bytes[at + 1] >> 1) & 3; // 1: layer III
  const bitrateIndex = bytes[at + 2] >> 4;
  const rateIndex = (bytes[at + 2] >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const padding = (bytes[at + 2] >> 1) & 1;
  const rate = MPEG_RATES[rateIndex] / (version === 3 ? 1 : version === 2 ? 2 : 4);
  const kbps = (version === 3 ? MPEG1_L3 : MPEG2_L3)[bitrateIndex];
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + padding;
}

/** The length of the ADTS (AAC) frame whose header starts at `at`, or 0 when there is none. */
function adtsFrameLength(bytes: Uint8Array, at: number): number {
  if (at + 7 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xf6) !== 0xf0) return 0;
  if (((bytes[at + 2] >> 2) & 0xf) > 12) return 0;
  const length = ((bytes[at + 3] & 3) << 11) | (bytes[at + 4] << 3) | (bytes[at + 5] >> 5);
  return length >= 7 ? length : 0;
}

/** Where two frames follow each other (the second header complete in `bytes`), or -1. */
function twoFrames(bytes: Uint8Array, frameLength: (bytes: Uint8Array, at: number) => number): number {
  for (let at = 0; at < bytes.length - 1; at++) {
    const length = frameLength(bytes, at);
    if (length && frameLength(bytes, at + length)) return at;
  }
  return -1;
}

/** An ID3v2 tag's whole length when the bytes start with one (a file-like stream may), else 0. */
function id3Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = (bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9];
  return 10 + size + (bytes[5] & 0x10 ? 10 : 0);
}

const latin1 = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** FLAC when the first Ogg page's packet is the FLAC mapping (`\x7FFLAC`), another Ogg stream otherwise; null while cut short. */
function oggFormat(bytes: Uint8Array): 'flac' | 'ogg' | null {
  if (bytes.length < 27) return null;
  const packet = 27 + bytes[26];
  if (bytes.length < packet + 5) return null;
  return latin1(bytes, packet, packet + 5) === '\x7FFLAC' ? 'flac' : 'ogg';
}

/** What the bytes are, or null when they are not (yet) recognisable: more bytes may tell. */
export function sniffAudio(bytes: Uint8Array): Sniffed | null {
  const text = Buffer.from(bytes.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
  if (text.startsWith('<')) return 'html';
  if (text.startsWith('#extm3u') || text.startsWith('[playlist]') || /^https?:\/\//.test(text)) return 'playlist';
  if (bytes.length >= 5 && latin1(bytes, 0, 4) === 'OggS' && bytes[4] === 0) return oggFormat(bytes);
  const audio = bytes.subarray(Math.min(id3Length(bytes), bytes.length));
  if (audio.length >= 4 && latin1(audio, 0, 4) === 'fLaC') return 'flac';
  const mp3 = twoFrames(audio, mp3FrameLength);
  const aac = twoFrames(audio, adtsFrameLength);
  if (mp3 >= 0 && (aac < 0 || mp3 <= aac)) return 'mp3';
  if (aac >= 0) return 'aac';
  return null;
}

/** The format a directory's codec name announces (Radio Browser writes MP3, AAC, AAC+, OGG, …), or null for others. */
export function announcedFormat(codec: string): AudioFormat | null {
  const name = codec.trim().toUpperCase();
  if (name === 'MP3' || name === 'MPEG') return 'mp3';
  if (name === 'AAC' || name === 'AAC+' || name === 'AACP' || name === 'HE-AAC') return 'aac';
  if (name === 'FLAC') return 'flac';
  if (name === 'OGG' || name === 'VORBIS' || name === 'OPUS') return 'ogg';
  return null;
}
