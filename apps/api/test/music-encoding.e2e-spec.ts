import { generateTrack } from '@grouarock/music-generator';
import { loadConfig } from '../src/core/config/config';
import { Ffmpeg } from '../src/repositories/ffmpeg';
import { decodeMp3 as decode } from './support/decode-mp3';

// The built-in generator's tracks as users get them: rendered, encoded to MP3 by the ffmpeg the API runs, and
// decoded again by ffmpeg as a player would.

const ffmpeg = new Ffmpeg(loadConfig({}));

describe('built-in tracks as MP3', () => {
  it.each([
    ['punk-rock', 30],
    ['heavy-metal', 90],
  ] as const)('a %s track of %i s decodes to its length within 2 %, far from silence', async (genre, seconds) => {
    const track = generateTrack({ genre, prompt: 'szybki riff', seconds, seed: 11 });
    const mp3 = await ffmpeg.encodeMp3(track.left, track.right, track.sampleRate);
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || (mp3[0] === 0xff && (mp3[1] & 0xe0) === 0xe0)).toBe(true);
    const decoded = await decode(mp3);
    expect(Math.abs(decoded.seconds - seconds) / seconds).toBeLessThan(0.02);
    expect(decoded.meanDb).toBeGreaterThan(-25);
  });

  it('says why when ffmpeg cannot encode', async () => {
    await expect(ffmpeg.encodeMp3(new Float32Array(10), new Float32Array(10), 0)).rejects.toThrow(/ffmpeg could not encode MP3/);
  });
});
