import type { IntlShape } from 'react-intl';

/** A size as people read it in their language: kB below a megabyte, MB below a gigabyte, then GB. */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const [unit, size] = bytes >= 1e9 ? (['gigabyte', 1e9] as const) : bytes >= 1e6 ? (['megabyte', 1e6] as const) : (['kilobyte', 1e3] as const);
  return intl.formatNumber(bytes / size, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}
