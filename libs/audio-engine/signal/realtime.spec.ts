import { TONE } from './build-page';
import { expect, test } from './fixtures';

// A running AudioContext: the stream deck plays the served 440 Hz test tone through a real
// HTMLAudioElement routed into the graph (same-origin, like the radio relay).

const db = (ratio: number): number => 20 * Math.log10(ratio);

test.describe('in a running AudioContext', () => {
  test('a recording of a known tone decodes back to the right duration and frequency', async ({ signalPage }) => {
    const result = await signalPage.evaluate((url) => window.signal.realtime.recordTone(url, 2.5), `/${TONE.file}`);
    expect(Math.abs(result.decodedSeconds - result.requestedSeconds)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(result.audibleSeconds - result.requestedSeconds)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(result.frequency / TONE.frequency - 1)).toBeLessThanOrEqual(0.02);
    expect(result.fileName).toMatch(/^Tone_FM-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.webm$/);
    expect(result.mimeType).toContain('audio/webm');
    // 1 s chunks, each handed to the storage callback in order as it arrived.
    expect(result.chunks).toBeGreaterThanOrEqual(3);
    expect(result.chunkIndexes).toEqual(result.chunkIndexes.map((_, i) => i));
  });

  test('the deck volume maps 0–100 onto the stream as a fraction, and mute silences it', async ({ signalPage }) => {
    const levels = await signalPage.evaluate((url) => window.signal.realtime.volumeLevels(url, [100, 70, 50, 25]), `/${TONE.file}`);
    const reference = levels[0]!.rms;
    // The tone is 0.5 full scale: its RMS at volume 100 is 0.5/√2.
    expect(Math.abs(db(reference / (TONE.amplitude * Math.SQRT1_2)))).toBeLessThan(0.2);
    for (const { volume, rms } of levels.slice(1)) {
      if (volume === 'muted') expect(rms).toBeLessThan(1e-4);
      else expect(Math.abs(db(rms / reference) - db(volume / 100))).toBeLessThan(0.2);
    }
  });

  test('the headphone cue can be routed to an output device chosen by the page', async ({ signalPage }) => {
    const { before, after } = await signalPage.evaluate(() => window.signal.realtime.headphoneRoute());
    expect(before.state).toBe('ready');
    expect(after).toEqual({ state: 'active', route: 'route' in before ? before.route : '', deviceId: '' });
  });
});
