import { expect, test } from './fixtures';

// The mixer's laws measured on rendered audio: deck A plays 440 Hz, deck B 1 kHz, and the output is
// analysed per tone. Levels are compared with a reference render of the same mixer, so each test
// measures only its own knob.

const db = (ratio: number): number => 20 * Math.log10(ratio);
/** Below this a deck counts as absent: 100 dB under its reference level. */
const SILENT_DB = -100;

test.describe('DjMixer on rendered audio', () => {
  test('crossfader 0 / 0.5 / 1: only A, both at -3 dB (equal power), only B, within 0.5 dB', async ({ signalPage }) => {
    const levels = await signalPage.evaluate(async () => {
      const { renderMixer } = window.signal.scenes;
      return Promise.all([0, 50, 100].map((crossfader) => renderMixer({ crossfader })));
    });
    const [left, middle, right] = levels as [(typeof levels)[0], (typeof levels)[0], (typeof levels)[0]];
    const refA = left.a[0];
    const refB = right.b[0];
    expect(refA).toBeGreaterThan(0.1);
    expect(refB).toBeGreaterThan(0.1);
    for (const channel of [0, 1] as const) {
      // 0: only A.
      expect(db(left.a[channel] / refA)).toBeCloseTo(0, 1);
      expect(db(left.b[channel] / refB)).toBeLessThan(SILENT_DB);
      // 0.5: both at -3 dB.
      expect(Math.abs(db(middle.a[channel] / refA) + 3.01)).toBeLessThan(0.5);
      expect(Math.abs(db(middle.b[channel] / refB) + 3.01)).toBeLessThan(0.5);
      // 1: only B.
      expect(db(right.a[channel] / refA)).toBeLessThan(SILENT_DB);
      expect(db(right.b[channel] / refB)).toBeCloseTo(0, 1);
    }
  });

  test('the other curves: linear is -6 dB at the centre, sharp cut keeps both decks at full level', async ({ signalPage }) => {
    const [reference, linear, sharp, sharpEdge] = await signalPage.evaluate(async () => {
      const { renderMixer } = window.signal.scenes;
      return Promise.all([
        renderMixer({ crossfader: 0, crossfaderCurve: 'linear' }),
        renderMixer({ crossfader: 50, crossfaderCurve: 'linear' }),
        renderMixer({ crossfader: 50, crossfaderCurve: 'sharp-cut' }),
        renderMixer({ crossfader: 100, crossfaderCurve: 'sharp-cut' }),
      ]);
    });
    const refA = reference!.a[0];
    expect(Math.abs(db(linear!.a[0] / refA) + 6.02)).toBeLessThan(0.5);
    expect(Math.abs(db(linear!.b[0] / refA) + 6.02)).toBeLessThan(0.5);
    expect(Math.abs(db(sharp!.a[0] / refA))).toBeLessThan(0.5);
    expect(Math.abs(db(sharp!.b[0] / refA))).toBeLessThan(0.5);
    expect(db(sharpEdge!.a[0] / refA)).toBeLessThan(SILENT_DB);
  });

  test('the deck volume is applied as a fraction: level = 20·log10(volume / 100)', async ({ signalPage }) => {
    const volumes = [100, 80, 50, 25, 10, 0];
    const levels = await signalPage.evaluate(
      async (list) => Promise.all(list.map((volumeA) => window.signal.scenes.renderMixer({ crossfader: 0, master: 100 }, { volumeA }))),
      volumes,
    );
    // Deck A alone at master 100: 0.5 full scale × trim 1 × volume/100.
    volumes.forEach((volume, i) => {
      const measured = db(levels[i]!.a[0] / 0.5);
      if (volume === 0) expect(measured).toBeLessThan(SILENT_DB);
      else expect(Math.abs(measured - db(volume / 100))).toBeLessThan(0.05);
    });
  });

  test('master scales the whole mix as a fraction, set at construction or moved later', async ({ signalPage }) => {
    const masters = [100, 85, 50, 0];
    const levels = await signalPage.evaluate(async (list) => {
      const { renderMixer } = window.signal.scenes;
      const built = await Promise.all(list.map((master) => renderMixer({ crossfader: 0, master })));
      const moved = await Promise.all(list.map((master) => renderMixer({ crossfader: 0 }, { master })));
      return { built, moved };
    }, masters);
    // Deck A alone: 0.5 full scale × trim 1 × fader 0.8 × crossfader 1 × master.
    for (const results of [levels.built, levels.moved]) {
      masters.forEach((master, i) => {
        const measured = results[i]!.a[0];
        if (master === 0) expect(db(measured / 0.4)).toBeLessThan(SILENT_DB);
        else expect(Math.abs(db(measured / (0.4 * (master / 100))))).toBeLessThan(0.05);
      });
    }
  });

  test('the trim is unity at 75, +5 dB at 100 and silent at 0', async ({ signalPage }) => {
    const levels = await signalPage.evaluate(() =>
      Promise.all([75, 100, 0].map((gainA) => window.signal.scenes.renderMixer({ crossfader: 0, master: 100 }, { gainA }))),
    );
    expect(Math.abs(db(levels[0]!.a[0] / 0.4))).toBeLessThan(0.05);
    expect(Math.abs(db(levels[1]!.a[0] / 0.4) - db((100 / 75) ** 2))).toBeLessThan(0.05);
    expect(db(levels[2]!.a[0] / 0.4)).toBeLessThan(SILENT_DB);
  });

  test('the mixer at its defaults: 0.5 × trim 1 × fader 0.8 × crossfader cos(π/4) × master 0.85', async ({ signalPage }) => {
    const levels = await signalPage.evaluate(() => window.signal.scenes.renderMixer({}));
    const expected = 0.5 * 1 * 0.8 * Math.SQRT1_2 * 0.85;
    for (const channel of [0, 1] as const) {
      expect(Math.abs(db(levels.a[channel] / expected))).toBeLessThan(0.05);
      expect(Math.abs(db(levels.b[channel] / expected))).toBeLessThan(0.05);
    }
  });
});

test.describe('Spatial on rendered audio', () => {
  test('at 50 it leaves the signal unchanged, sample for sample within 1e-6', async ({ signalPage }) => {
    const result = await signalPage.evaluate(() => window.signal.scenes.renderSpatial(50));
    expect(result.maxDiff[0]).toBeLessThanOrEqual(1e-6);
    expect(result.maxDiff[1]).toBeLessThanOrEqual(1e-6);
    expect(result.sideRatio).toBeCloseTo(1, 6);
  });

  test('below 50 it narrows (0 is mono), above 50 it widens; the mid signal stays', async ({ signalPage }) => {
    const [mono, narrow, wide] = await signalPage.evaluate(() =>
      Promise.all([0, 25, 100].map((knob) => window.signal.scenes.renderSpatial(knob))),
    );
    expect(mono!.maxSideDiff).toBeLessThanOrEqual(1e-6);
    expect(narrow!.sideRatio).toBeCloseTo(0.5, 3);
    expect(wide!.sideRatio).toBeCloseTo(2, 3);
    for (const result of [mono!, narrow!, wide!]) expect(result.midRatio).toBeCloseTo(1, 3);
  });
});
