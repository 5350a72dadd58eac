import { spatialToWidth, widthMatrix } from './stereo-width';

describe('stereo width', () => {
  it('is exactly the identity at 50', () => {
    expect(spatialToWidth(50)).toBe(1);
    expect(widthMatrix(1)).toEqual({ direct: 1, cross: 0 });
  });

  it('narrows to mono at 0 and doubles the side signal at 100', () => {
    expect(widthMatrix(spatialToWidth(0))).toEqual({ direct: 0.5, cross: 0.5 });
    const wide = widthMatrix(spatialToWidth(100));
    expect(wide).toEqual({ direct: 1.5, cross: -0.5 });
    // L - R through the matrix: (direct - cross)·(L - R) = w·(L - R); L + R stays: (direct + cross) = 1.
    expect(wide.direct - wide.cross).toBe(2);
    expect(wide.direct + wide.cross).toBe(1);
  });

  it('clamps the knob', () => {
    expect(spatialToWidth(-10)).toBe(0);
    expect(spatialToWidth(1000)).toBe(2);
  });
});
