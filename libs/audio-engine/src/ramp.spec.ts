import { MockContext } from './testing/mock-context';
import { rampParam, scheduleRamp } from './ramp';

describe('parameter ramps', () => {
  let context: MockContext;
  beforeEach(() => (context = new MockContext()));
  afterEach(() => context.reset());

  it('glide linearly from the present value to the target', async () => {
    const { gain } = context.createGain();
    gain.value = 0.2;
    rampParam(gain, 0.8, context.currentTime, 0.1);
    await context.advance(0.05);
    expect(gain.value).toBeCloseTo(0.5, 6);
    await context.advance(0.1);
    expect(gain.value).toBeCloseTo(0.8, 6);
  });

  it('jump when the ramp time is zero', async () => {
    const { gain } = context.createGain();
    rampParam(gain, 0.3, context.currentTime, 0);
    await context.advance(0.001);
    expect(gain.value).toBeCloseTo(0.3, 6);
  });

  it('let a newer move replace the rest of an older one, without a jump', async () => {
    const { gain } = context.createGain();
    gain.value = 0;
    rampParam(gain, 1, context.currentTime, 1);
    await context.advance(0.5);
    rampParam(gain, 0, context.currentTime, 0.5);
    expect(gain.value).toBeCloseTo(0.5, 6);
    await context.advance(0.25);
    expect(gain.value).toBeCloseTo(0.25, 6);
    await context.advance(1);
    expect(gain.value).toBeCloseTo(0, 6);
  });

  it('schedule a later move after what is already planned', async () => {
    const { gain } = context.createGain();
    gain.value = 1;
    scheduleRamp(gain, 1, 0, 1, 0.5);
    await context.advance(0.9);
    expect(gain.value).toBeCloseTo(1, 6);
    await context.advance(0.35);
    expect(gain.value).toBeCloseTo(0.5, 6);
    await context.advance(1);
    expect(gain.value).toBeCloseTo(0, 6);
  });
});
