/**
 * Colour tokens. The stage is near-black, the accent is a hot "stage light" red and the secondary an
 * electric amber. Every text/background pair used by the components is checked for WCAG AA contrast in
 * theme.spec.ts, so change a value here and the test tells you if a pairing stopped being readable.
 */
export const colors = {
  /** Page background: the dark stage. */
  bg: '#0B0A0D',
  /** Cards, panels, dialogs. */
  surface: '#17151B',
  /** Inputs, hovered rows, knob bodies. */
  surfaceRaised: '#221F27',
  /** Recessed wells such as slider tracks. */
  surfaceSunken: '#060508',
  /** Decorative hairlines (not relied upon to identify a control). */
  border: '#3A3541',
  /** Control outlines: 3:1 against surfaces so a field can be found without its label (WCAG 1.4.11). */
  borderStrong: '#7A7280',

  text: '#F7F3EA',
  textMuted: '#B8B0A6',
  textInverse: '#0B0A0D',

  /** Hot red fill (buttons, active tabs, knob arcs). White text on it passes AA. */
  accent: '#E0102A',
  accentHover: '#C20E25',
  /** Red for text and icons on dark surfaces; the fill red is too dark to read as small text there. */
  accentText: '#FF5563',
  onAccent: '#FFFFFF',

  /** Electric amber: secondary actions, highlights, the focus ring. */
  secondary: '#FFB300',
  secondaryHover: '#FFC53D',
  onSecondary: '#0B0A0D',

  danger: '#8E0B1C',
  dangerHover: '#A50D21',
  onDanger: '#FFFFFF',

  success: '#2BD47D',
  info: '#4CC9F0',
  /** Dark tints used as toast/badge backgrounds behind tone-coloured text. */
  successTint: '#0F2A1D',
  errorTint: '#2A1418',
  infoTint: '#0E2330',

  focusRing: '#FFD23F',
  overlay: 'rgba(5, 4, 7, 0.78)',
} as const;

export type ColorToken = keyof typeof colors;
