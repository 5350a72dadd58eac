import { colors } from './colors';
import { breakpoints, mq } from './media';
import { motion, radii, shadows, space, touchTarget, zIndices } from './scales';
import { fontSizes, fontWeights, fonts, letterSpacings, lineHeights } from './typography';

/** The GrouaRock theme handed to emotion's ThemeProvider by UiProvider. */
export const theme = {
  colors,
  fonts,
  fontSizes,
  fontWeights,
  lineHeights,
  letterSpacings,
  space,
  radii,
  shadows,
  zIndices,
  motion,
  touchTarget,
  breakpoints,
  mq,
} as const;

export type UiTheme = typeof theme;

// Typing emotion's Theme makes `styled` callbacks and the `css` prop see our tokens. Members are listed
// one by one (rather than `extends UiTheme {}`) so the interface is the readable contract of the theme.
declare module '@emotion/react' {
  export interface Theme {
    colors: UiTheme['colors'];
    fonts: UiTheme['fonts'];
    fontSizes: UiTheme['fontSizes'];
    fontWeights: UiTheme['fontWeights'];
    lineHeights: UiTheme['lineHeights'];
    letterSpacings: UiTheme['letterSpacings'];
    space: UiTheme['space'];
    radii: UiTheme['radii'];
    shadows: UiTheme['shadows'];
    zIndices: UiTheme['zIndices'];
    motion: UiTheme['motion'];
    touchTarget: UiTheme['touchTarget'];
    breakpoints: UiTheme['breakpoints'];
    mq: UiTheme['mq'];
  }
}
