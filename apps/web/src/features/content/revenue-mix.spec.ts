import { plannedRevenueMix, toBars } from './revenue-mix';

describe('toBars', () => {
  it('turns the planned mix into fractions of the total that add up to one', () => {
    const bars = toBars(plannedRevenueMix);
    expect(bars.map((b) => [b.source, b.fraction])).toEqual([
      ['subscriptions', 0.6],
      ['partnerships', 0.25],
      ['merchandise', 0.1],
      ['other', 0.05],
    ]);
    expect(bars.reduce((sum, b) => sum + b.fraction, 0)).toBeCloseTo(1);
  });

  it('scales bar lengths to the largest share', () => {
    expect(toBars(plannedRevenueMix).map((b) => b.length)).toEqual([1, 25 / 60, 10 / 60, 5 / 60]);
  });

  it('normalises shares that do not add up to 100 and ignores negative values', () => {
    const bars = toBars([
      { source: 'subscriptions', value: 3 },
      { source: 'other', value: 1 },
      { source: 'merchandise', value: -2 },
    ]);
    expect(bars.map((b) => b.fraction)).toEqual([0.75, 0.25, 0]);
  });

  it('gives zero-length bars when there is nothing to show', () => {
    expect(toBars([{ source: 'other', value: 0 }])).toEqual([{ source: 'other', value: 0, fraction: 0, length: 0 }]);
  });
});
