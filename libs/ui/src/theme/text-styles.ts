import { css, type Theme } from '@emotion/react';

/**
 * The display face as headings use it: its one weight (not the browser's bold for h1–h6), spaced out a little.
 * Size, margins and colour are the caller's.
 */
export const displayHeading = (theme: Theme) => css`
  font-family: ${theme.fonts.display};
  font-weight: normal;
  letter-spacing: ${theme.letterSpacings.display};
`;
