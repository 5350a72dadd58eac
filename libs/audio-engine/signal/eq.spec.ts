import { expect, test } from './fixtures';

// The 3-band isolator measured on rendered sines (left channel; the right one is processed the same way).

const db = (ratio: number): number => 20 * Math.log10(ratio);

type Tones = ReadonlyArray<{ readonly frequency: number; readonly input: number; readonly output: number }>;
const gainAt = (tones: Tones, frequency: number): number => {
  const tone = tones.find((entry) => entry.frequency === frequency);
  if (!tone) throw new Error(`no measurement at ${frequency} Hz`);
  return db(tone.output / tone.input);
};

test.describe('ThreeBandEq on rendered audio', () => {
  test('the low-band kill lowers 60 Hz by at least 40 dB while 1 kHz stays within 1 dB', async ({ signalPage }) => {
    const result = await signalPage.evaluate(() => window.signal.scenes.renderEq({ low: -50 }, [60, 1000]));
    expect(result.engaged).toBe(true);
    expect(gainAt(result.tones, 60)).toBeLessThan(-40);
    expect(Math.abs(gainAt(result.tones, 1000))).toBeLessThan(1);
  });

  test('the mid and high kills remove their bands and keep the others', async ({ signalPage }) => {
    const [mid, high] = await signalPage.evaluate(() =>
      Promise.all([
        window.signal.scenes.renderEq({ mid: -50 }, [60, 1000, 16000]),
        window.signal.scenes.renderEq({ high: -50 }, [60, 1000, 16000]),
      ]),
    );
    expect(gainAt(mid!.tones, 1000)).toBeLessThan(-40);
    expect(Math.abs(gainAt(mid!.tones, 60))).toBeLessThan(1);
    expect(Math.abs(gainAt(mid!.tones, 16000))).toBeLessThan(1);
    expect(gainAt(high!.tones, 16000)).toBeLessThan(-40);
    expect(Math.abs(gainAt(high!.tones, 60))).toBeLessThan(1);
    expect(Math.abs(gainAt(high!.tones, 1000))).toBeLessThan(1);
  });

  test('knobs map to dB inside their band: -25 → -6 dB, +50 → +6 dB', async ({ signalPage }) => {
    const [cut, boost] = await signalPage.evaluate(() =>
      Promise.all([window.signal.scenes.renderEq({ low: -25 }, [40, 1000]), window.signal.scenes.renderEq({ high: 50 }, [14000, 1000])]),
    );
    expect(Math.abs(gainAt(cut!.tones, 40) + 6.02)).toBeLessThan(0.5);
    expect(Math.abs(gainAt(cut!.tones, 1000))).toBeLessThan(0.5);
    expect(Math.abs(gainAt(boost!.tones, 14000) - 6.02)).toBeLessThan(0.5);
  });

  test('flat with its filters in, the bands sum back to the input level (an all-pass)', async ({ signalPage }) => {
    const frequencies = [40, 250, 1000, 4000, 12000];
    const result = await signalPage.evaluate((list) => window.signal.scenes.renderEq({ autoBypass: false }, list), frequencies);
    expect(result.engaged).toBe(true);
    for (const frequency of frequencies) expect(Math.abs(gainAt(result.tones, frequency))).toBeLessThan(0.1);
  });

  test('flat and bypassed it passes the input sample for sample', async ({ signalPage }) => {
    const result = await signalPage.evaluate(() => window.signal.scenes.renderEq({}, [60, 1000]));
    expect(result.engaged).toBe(false);
    expect(result.maxDiff).toBeLessThanOrEqual(1e-6);
  });
});
