import { arcPath, polarToCartesian, valueToAngle } from './knob-geometry';

describe('knob geometry', () => {
  it('maps the range onto a 270° sweep centred at 12 o\'clock', () => {
    expect(valueToAngle(0, 0, 100)).toBe(-135);
    expect(valueToAngle(50, 0, 100)).toBe(0);
    expect(valueToAngle(100, 0, 100)).toBe(135);
    expect(valueToAngle(0, -50, 50)).toBe(0);
  });

  it('puts 0° straight up and 90° to the right', () => {
    const top = polarToCartesian(10, 0);
    const right = polarToCartesian(10, 90);
    expect(top.x).toBeCloseTo(50);
    expect(top.y).toBeCloseTo(40);
    expect(right.x).toBeCloseTo(60);
    expect(right.y).toBeCloseTo(50);
  });

  it('draws arcs in either direction and nothing for an empty arc', () => {
    expect(arcPath(10, 0, 0)).toBe('');
    expect(arcPath(10, -135, 135)).toContain(' 1 1 ');
    expect(arcPath(10, 0, -90)).toBe(arcPath(10, -90, 0));
  });
});
