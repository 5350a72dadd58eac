/** The planned revenue mix shown on /partners (60/25/10/5 percent). */
export type RevenueSource = 'subscriptions' | 'partnerships' | 'merchandise' | 'other';

export interface RevenueShare {
  source: RevenueSource;
  value: number;
}

export const plannedRevenueMix: readonly RevenueShare[] = [
  { source: 'subscriptions', value: 60 },
  { source: 'partnerships', value: 25 },
  { source: 'merchandise', value: 10 },
  { source: 'other', value: 5 },
];

export interface RevenueBar extends RevenueShare {
  /** The share of the total, 0–1. */
  fraction: number;
  /** The bar's length relative to the largest share, 0–1. */
  length: number;
}

/** Each share as a fraction of the total and as a bar length scaled to the largest share. */
export function toBars(shares: readonly RevenueShare[]): RevenueBar[] {
  const total = shares.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  const largest = Math.max(0, ...shares.map((s) => s.value));
  return shares.map((s) => {
    const value = Math.max(0, s.value);
    return {
      ...s,
      fraction: total > 0 ? value / total : 0,
      length: largest > 0 ? value / largest : 0,
    };
  });
}
