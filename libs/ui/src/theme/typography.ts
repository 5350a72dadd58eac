/**
 * Type tokens. Bebas Neue (condensed, all caps) is the gig-poster display face for headings, buttons and
 * badges (declared by fonts.css through fonts.ts, which UiProvider imports). Long text and small labels
 * are in the reader's own system face (San Francisco, Segoe UI, Roboto, Noto Sans…): drawn at once, on every page
 * alike, with no font file to fetch (fonts.css says why).
 */
export const fonts = {
  display: "'Bebas Neue', Impact, 'Arial Narrow Bold', sans-serif",
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

/** A modular scale (~1.25) in rem so it follows the user's browser font size. */
export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  '2xl': '1.75rem',
  '3xl': '2.25rem',
  '4xl': '3rem',
  '5xl': '4rem',
} as const;

export const fontWeights = { regular: 400, medium: 500, semibold: 600, bold: 700, black: 800 } as const;

export const lineHeights = { tight: 1, snug: 1.2, normal: 1.5 } as const;

/** Bebas Neue is tightly set; a little tracking keeps short uppercase labels legible. */
export const letterSpacings = { normal: '0', display: '0.04em', wide: '0.08em' } as const;
