import { type IBiquadFilterNode, type IGainNode } from 'standardized-audio-context';
import { type EngineContext } from './context';
import { internals } from './testing/internals';
import { mockContextPerTest } from './testing/per-test-context';
import { ThreeBandEq } from './three-band-eq';

type Gain = IGainNode<EngineContext>;
interface Parts {
  dry: Gain;
  wetIn: Gain;
  wetOut: Gain;
  lowGain: Gain;
  midGain: Gain;
  highGain: Gain;
}

describe('ThreeBandEq', () => {
  const audio = mockContextPerTest();

  const parts = (eq: ThreeBandEq): Parts => internals<Parts>(eq);
  const settle = async (seconds = 1): Promise<void> => {
    await audio.context.advance(seconds);
    jest.advanceTimersByTime(seconds * 1000);
  };

  it('builds Linkwitz-Riley crossovers at 250 Hz and 4 kHz from six biquads', () => {
    new ThreeBandEq(audio.context);
    const filters = audio.context.nodesOf('BiquadFilter') as IBiquadFilterNode<EngineContext>[];
    const describe = filters.map((filter) => `${filter.type}@${filter.frequency.value}`).sort();
    expect(describe).toEqual(['allpass@250', 'allpass@4000', 'highpass@4000', 'highpass@4000', 'lowpass@250', 'lowpass@250']);
    // Web Audio reads lowpass/highpass Q in dB: Butterworth's 1/√2 is -3.01 dB there, 0.707 for the all-passes.
    for (const filter of filters) expect(filter.Q.value).toBeCloseTo(filter.type === 'allpass' ? Math.SQRT1_2 : -3.0103, 4);
  });

  it('wires low = LP², rest = AP - low, mid = AP(4k)(rest), high = HP(4k)²(rest)', () => {
    const eq = new ThreeBandEq(audio.context, { low: -10 });
    const { wetIn, wetOut, lowGain, midGain, highGain } = parts(eq);
    const filters = audio.context.nodesOf('BiquadFilter') as IBiquadFilterNode<EngineContext>[];
    const [lp1, lp2, apLow, apHigh, hp1, hp2] = filters as [IBiquadFilterNode<EngineContext>, ...IBiquadFilterNode<EngineContext>[]];
    expect(audio.context.isConnected(wetIn, lp1)).toBe(true);
    expect(audio.context.isConnected(lp1, lp2)).toBe(true);
    expect(audio.context.isConnected(lp2, lowGain)).toBe(true);
    expect(audio.context.isConnected(wetIn, apLow)).toBe(true);
    const negate = audio.context.targets(lp2).find((node) => node !== lowGain) as Gain;
    expect(negate.gain.value).toBe(-1);
    for (const rest of [apLow, negate]) {
      expect(audio.context.isConnected(rest, apHigh)).toBe(true);
      expect(audio.context.isConnected(rest, hp1)).toBe(true);
    }
    expect(audio.context.isConnected(apHigh, midGain)).toBe(true);
    expect(audio.context.isConnected(hp1, hp2)).toBe(true);
    expect(audio.context.isConnected(hp2, highGain)).toBe(true);
    for (const band of [lowGain, midGain, highGain]) expect(audio.context.isConnected(band, wetOut)).toBe(true);
  });

  it('is a straight wire while flat: the filters are not even wired', () => {
    const eq = new ThreeBandEq(audio.context);
    const { dry, wetIn, wetOut } = parts(eq);
    expect(eq.engaged).toBe(false);
    expect(audio.context.isConnected(eq.input, dry)).toBe(true);
    expect(audio.context.isConnected(dry, eq.output)).toBe(true);
    expect(dry.gain.value).toBe(1);
    expect(audio.context.isConnected(eq.input, wetIn)).toBe(false);
    expect(audio.context.isConnected(wetOut, eq.output)).toBe(false);
    expect(audio.context.connectionCount).toBe(2);
  });

  it('maps each knob to its band gain, the high band as the difference to mid', async () => {
    const eq = new ThreeBandEq(audio.context, { low: -50, mid: -25, high: 50 });
    const { lowGain, midGain, highGain, dry, wetOut } = parts(eq);
    expect(eq.engaged).toBe(true);
    expect(lowGain.gain.value).toBe(0);
    expect(midGain.gain.value).toBe(0.5);
    expect(highGain.gain.value).toBe(1.5);
    expect(dry.gain.value).toBe(0);
    expect(wetOut.gain.value).toBe(1);
    eq.set({ mid: 50 });
    await settle(0.1);
    expect(midGain.gain.value).toBeCloseTo(2, 6);
    expect(highGain.gain.value).toBeCloseTo(0, 6);
  });

  it('clamps knobs to -50..50', () => {
    const eq = new ThreeBandEq(audio.context, { low: -90 });
    eq.high = 75;
    eq.mid = -51;
    expect(eq.settings).toEqual({ low: -50, mid: -50, high: 50 });
  });

  it('switches the filters in with a crossfade when a band leaves centre', async () => {
    const eq = new ThreeBandEq(audio.context);
    const { dry, wetIn, wetOut, lowGain } = parts(eq);
    eq.low = -50;
    expect(eq.engaged).toBe(true);
    expect(audio.context.isConnected(eq.input, wetIn)).toBe(true);
    expect(audio.context.isConnected(wetOut, eq.output)).toBe(true);
    expect(audio.context.reaches(eq.input, eq.output)).toBe(true);
    await audio.context.advance(0.015);
    expect(dry.gain.value).toBeCloseTo(0.5, 2);
    expect(wetOut.gain.value).toBeCloseTo(0.5, 2);
    await settle(0.1);
    expect(dry.gain.value).toBe(0);
    expect(wetOut.gain.value).toBe(1);
    expect(lowGain.gain.value).toBe(0);
  });

  it('switches them out after resting at centre: crossfade, then unhook input, then output', async () => {
    const eq = new ThreeBandEq(audio.context, { high: 20, bypassDelay: 0.5, crossfade: 0.03 });
    const { dry, wetIn, wetOut } = parts(eq);
    eq.high = 0;
    expect(eq.engaged).toBe(true);
    await settle(0.4);
    expect(wetOut.gain.value).toBe(1);
    expect(audio.context.isConnected(eq.input, wetIn)).toBe(true);
    await settle(0.2);
    expect(dry.gain.value).toBeCloseTo(1, 6);
    expect(wetOut.gain.value).toBeCloseTo(0, 6);
    await settle(0.05);
    expect(audio.context.isConnected(eq.input, wetIn)).toBe(false);
    expect(audio.context.isConnected(wetOut, eq.output)).toBe(true);
    expect(eq.engaged).toBe(true);
    await settle(0.2);
    expect(audio.context.isConnected(wetOut, eq.output)).toBe(false);
    expect(audio.context.targets(wetIn)).toEqual([]);
    expect(audio.context.connectionCount).toBe(2);
    expect(eq.engaged).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
    // And back in, rewired, when a band moves again.
    eq.mid = -50;
    expect(audio.context.reaches(eq.input, eq.output)).toBe(true);
    expect(audio.context.targets(wetIn)).toHaveLength(2);
    expect(audio.context.isConnected(wetOut, eq.output)).toBe(true);
  });

  it('stays engaged when a band moves again before the bypass delay is over', async () => {
    const eq = new ThreeBandEq(audio.context, { low: 10 });
    const { wetOut } = parts(eq);
    eq.low = 0;
    await settle(0.3);
    eq.low = 5;
    await settle(2);
    expect(eq.engaged).toBe(true);
    expect(wetOut.gain.value).toBe(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps the filters in for good with autoBypass off', async () => {
    const eq = new ThreeBandEq(audio.context, { autoBypass: false });
    const { dry, wetIn, wetOut } = parts(eq);
    expect(eq.engaged).toBe(true);
    expect(dry.gain.value).toBe(0);
    expect(audio.context.isConnected(eq.input, wetIn)).toBe(true);
    eq.low = -20;
    eq.low = 0;
    await settle(3);
    expect(eq.engaged).toBe(true);
    expect(wetOut.gain.value).toBe(1);
  });

  it('dispose() disconnects every node and clears a pending release', () => {
    const eq = new ThreeBandEq(audio.context, { low: 10 });
    eq.low = 0;
    eq.dispose();
    expect(audio.context.connectionCount).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    expect(() => eq.set({ low: 1 })).toThrow(/disposed/);
  });
});
