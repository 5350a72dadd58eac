/** Breakpoints in px. `mobile` (768) is the product's mobile/desktop switch. */
export const breakpoints = { sm: 480, mobile: 768, lg: 1024, xl: 1280 } as const;

export type Breakpoint = keyof typeof breakpoints;

/** `@media (min-width: …)`: from this breakpoint up. */
function up(breakpoint: Breakpoint): string {
  return `@media (min-width: ${breakpoints[breakpoint]}px)`;
}

/**
 * `@media (max-width: …)`: strictly below this breakpoint. The .02px gap (instead of -1px) avoids a dead zone
 * at fractional widths on zoomed or high-DPI screens, while never overlapping `up()`.
 */
function below(breakpoint: Breakpoint): string {
  return `@media (max-width: ${(breakpoints[breakpoint] - 0.02).toFixed(2)}px)`;
}

/** Media query helpers for emotion styles, e.g. `${mq.belowMobile} { flex-direction: column; }`. */
export const mq = {
  up,
  below,
  belowMobile: below('mobile'),
  mobileUp: up('mobile'),
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
  coarsePointer: '@media (pointer: coarse)',
  canHover: '@media (hover: hover)',
} as const;

export type MediaQueries = typeof mq;
