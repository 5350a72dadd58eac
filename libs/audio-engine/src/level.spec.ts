import { measureLevel, toReading } from './level';

describe('level maths', () => {
  it('measures the peak and RMS of a full-scale sine', () => {
    const sine = Float32Array.from({ length: 4800 }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / 48000));
    const { peak, rms } = measureLevel(sine);
    expect(peak).toBeCloseTo(1, 3);
    expect(rms).toBeCloseTo(Math.SQRT1_2, 3);
  });

  it('reads silence as zero and -Infinity dB', () => {
    expect(measureLevel(new Float32Array(16))).toEqual({ peak: 0, rms: 0 });
    expect(measureLevel([])).toEqual({ peak: 0, rms: 0 });
    const reading = toReading([{ peak: 0, rms: 0 }]);
    expect(reading.peakDb).toBe(-Infinity);
  });

  it('takes the loudest channel for the combined reading', () => {
    const reading = toReading([
      { peak: 0.5, rms: 0.1 },
      { peak: 0.25, rms: 0.2 },
    ]);
    expect(reading.peak).toBe(0.5);
    expect(reading.rms).toBe(0.2);
    expect(reading.peakDb).toBeCloseTo(-6.02, 2);
    expect(reading.channels).toHaveLength(2);
  });
});
