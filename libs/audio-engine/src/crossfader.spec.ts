import { Crossfader } from './crossfader';
import { crossfaderGains } from './crossfader-curves';
import { MockContext } from './testing/mock-context';

describe('Crossfader', () => {
  let context: MockContext;
  beforeEach(() => (context = new MockContext()));
  afterEach(() => context.reset());

  it('sums its two inputs into the output, equal power at the centre by default', () => {
    const fader = new Crossfader(context);
    expect(fader.input).toBeUndefined();
    expect(context.isConnected(fader.a, fader.output)).toBe(true);
    expect(context.isConnected(fader.b, fader.output)).toBe(true);
    expect(fader.position).toBe(50);
    expect(fader.curve).toBe('equal-power');
    expect(fader.a.gain.value).toBeCloseTo(Math.SQRT1_2, 6);
    expect(fader.b.gain.value).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('moves its gains along the chosen curve, clamping the knob', async () => {
    const fader = new Crossfader(context, { curve: 'linear', smoothing: 0 });
    fader.position = -20;
    await context.advance(0.001);
    expect([fader.a.gain.value, fader.b.gain.value]).toEqual([1, 0]);
    fader.set({ position: 75, curve: 'sharp-cut' });
    await context.advance(0.001);
    expect(fader.position).toBe(75);
    expect([fader.a.gain.value, fader.b.gain.value]).toEqual([1, 1]);
    fader.curve = 'equal-power';
    await context.advance(0.001);
    const expected = crossfaderGains(0.75, 'equal-power');
    expect(fader.a.gain.value).toBeCloseTo(expected.a, 6);
    expect(fader.b.gain.value).toBeCloseTo(expected.b, 6);
    fader.position = 500;
    await context.advance(0.001);
    expect([fader.a.gain.value, fader.b.gain.value]).toEqual([0, 1]);
  });

  it('rejects an unknown curve', () => {
    expect(() => new Crossfader(context, { curve: 'log' as never })).toThrow(RangeError);
    const fader = new Crossfader(context);
    expect(() => (fader.curve = 'log' as never)).toThrow(RangeError);
  });

  it('dispose() disconnects its nodes', () => {
    new Crossfader(context).dispose();
    expect(context.connectionCount).toBe(0);
  });
});
