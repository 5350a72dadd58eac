import { createHash } from 'node:crypto';
import { generateTrack, type TrackOptions } from './generate';
import { STUDIO_GENRES } from './genres';

const hash = (track: { left: Float32Array; right: Float32Array }) =>
  createHash('sha256').update(Buffer.from(track.left.buffer)).update(Buffer.from(track.right.buffer)).digest('hex');

function levels(channel: Float32Array) {
  let sum = 0;
  let peak = 0;
  let nan = false;
  for (const x of channel) {
    if (Number.isNaN(x)) nan = true;
    sum += x * x;
    peak = Math.max(peak, Math.abs(x));
  }
  return { rmsDb: 10 * Math.log10(sum / channel.length), peakDb: 20 * Math.log10(peak), nan };
}

/** The longest run of near-silence (below -50 dBFS over 10 ms windows) before the fade-out, in seconds. */
function longestSilence(channel: Float32Array, sampleRate: number): number {
  const window = Math.floor(sampleRate / 100);
  const end = channel.length - 2 * sampleRate;
  let run = 0;
  let longest = 0;
  for (let start = 0; start + window <= end; start += window) {
    let sum = 0;
    for (let i = start; i < start + window; i++) sum += channel[i] * channel[i];
    const quiet = 10 * Math.log10(sum / window + 1e-20) < -50;
    run = quiet ? run + window : 0;
    longest = Math.max(longest, run);
  }
  return longest / sampleRate;
}

const options: TrackOptions = { genre: 'punk-rock', prompt: 'szybki punk o lecie', seconds: 30, seed: 42 };

describe('generateTrack', () => {
  it('makes exactly the asked length, loud but under -1 dBFS, with no silence and no NaN', () => {
    for (const seconds of [30, 90]) {
      const track = generateTrack({ ...options, seconds });
      expect(track.left.length).toBe(seconds * 44_100);
      expect(track.right.length).toBe(seconds * 44_100);
      for (const channel of [track.left, track.right]) {
        const { rmsDb, peakDb, nan } = levels(channel);
        expect(nan).toBe(false);
        expect(peakDb).toBeLessThanOrEqual(-1);
        expect(rmsDb).toBeGreaterThan(-20);
        expect(rmsDb).toBeLessThan(-10);
        expect(longestSilence(channel, track.sampleRate)).toBeLessThan(0.5);
      }
    }
  });

  it('gives the same samples for the same options, and others for another seed', () => {
    const once = generateTrack(options);
    expect(hash(generateTrack(options))).toBe(hash(once));
    expect(hash(generateTrack({ ...options, seed: 43 }))).not.toBe(hash(once));
  });

  it('sounds different in every genre, punk faster than grunge', () => {
    const hashes = new Set(STUDIO_GENRES.map((genre) => hash(generateTrack({ ...options, prompt: '', genre }))));
    expect(hashes.size).toBe(STUDIO_GENRES.length);
    const tempos = (genre: TrackOptions['genre']) => [1, 2, 3, 4, 5].map((seed) => generateTrack({ ...options, prompt: '', genre, seed, seconds: 5 }).bpm);
    expect(Math.min(...tempos('punk-rock'))).toBeGreaterThan(Math.max(...tempos('grunge')));
  });

  it('follows the prompt: faster, darker, a solo', () => {
    const plain = generateTrack({ ...options, genre: 'hard-rock', prompt: '', seconds: 5 });
    expect(generateTrack({ ...options, genre: 'hard-rock', prompt: 'Szybki riff', seconds: 5 }).bpm).toBeGreaterThan(plain.bpm);
    expect(generateTrack({ ...options, genre: 'punk-rock', prompt: 'mroczna piosenka', seconds: 5 }).key).toMatch(/ minor$/);
    expect(generateTrack({ ...options, genre: 'grunge', prompt: 'wesoły', seconds: 5 }).key).toMatch(/ major$/);
    expect(generateTrack({ ...options, genre: 'heavy-metal', prompt: 'z gitarowym solo', seconds: 210 }).sections.map((s) => s.name)).toContain('solo');
  });

  it('tags the track with its genre, tempo and key', () => {
    const track = generateTrack(options);
    expect(track.tags).toEqual(['punk rock', `${track.bpm} bpm`, track.key]);
  });
});
