import { css, type Theme } from '@emotion/react';

/** The layout shared by /tutorials and the tutorial pages. */
export const pageCss = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[6]};
  width: min(100%, 72rem);
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
`;

export const h1Css = (theme: Theme) => css`
  margin: 0;
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['3xl']};
  font-weight: normal;
  letter-spacing: 0.04em;
  overflow-wrap: anywhere;
`;
