/** Spacing on a 4px grid, in rem. Index = step, so `space[4]` is 1rem. */
export const space = {
  0: '0',
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.5rem',
  6: '2rem',
  7: '3rem',
  8: '4rem',
} as const;

/** Punk look: mostly hard corners; `round` is for knobs and dots, `pill` for badges. */
export const radii = { none: '0', sm: '2px', md: '4px', lg: '8px', pill: '999px', round: '50%' } as const;

export const shadows = {
  sm: '0 1px 2px rgba(0, 0, 0, 0.6)',
  md: '0 6px 18px rgba(0, 0, 0, 0.55)',
  lg: '0 18px 48px rgba(0, 0, 0, 0.7)',
  /** Offset "sticker" shadow for primary actions: a flat black block, like a screen-printed flyer. */
  hard: '4px 4px 0 0 #000',
  /** Red stage-light glow for live or highlighted elements. */
  glowAccent: '0 0 24px rgba(224, 16, 42, 0.45)',
  glowSecondary: '0 0 18px rgba(255, 179, 0, 0.35)',
} as const;

/** Stacking order, lowest first. Overlays sit above sticky chrome, toasts above open dialogs. */
export const zIndices = {
  base: 0,
  raised: 10,
  sticky: 1100,
  dropdown: 1200,
  overlay: 1300,
  modal: 1400,
  popover: 1450,
  toast: 1500,
} as const;

export const motion = {
  durations: { fast: '120ms', base: '200ms', slow: '320ms' },
  easings: {
    out: 'cubic-bezier(0.22, 1, 0.36, 1)',
    inOut: 'cubic-bezier(0.65, 0, 0.35, 1)',
  },
} as const;

/** Minimum touch target on coarse pointers (WCAG 2.5.5 / platform guidelines). */
export const touchTarget = '44px';
