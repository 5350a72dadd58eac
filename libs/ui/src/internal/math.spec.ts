import { clamp, decimalsOf, snapToStep } from './math';

describe('clamp', () => {
  it('keeps values inside the range, even with a reversed pair', () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-1, 0, 10)).toBe(0);
    expect(clamp(11, 0, 10)).toBe(10);
    expect(clamp(11, 10, 0)).toBe(10);
  });
});

describe('snapToStep', () => {
  it('rounds to the step grid anchored at min and clamps', () => {
    expect(snapToStep(7, 0, 100, 5)).toBe(5);
    expect(snapToStep(8, 0, 100, 5)).toBe(10);
    expect(snapToStep(4, 1, 100, 3)).toBe(4);
    expect(snapToStep(250, 0, 100, 5)).toBe(100);
    expect(snapToStep(0.1 + 0.2, 0, 1, 0.1)).toBe(0.3);
  });

  it('only clamps when the step is not positive', () => {
    expect(snapToStep(3.3, 0, 10, 0)).toBe(3.3);
  });

  it('knows how many decimals a step has', () => {
    expect(decimalsOf(1)).toBe(0);
    expect(decimalsOf(0.05)).toBe(2);
    expect(decimalsOf(1e-7)).toBe(7);
  });
});
