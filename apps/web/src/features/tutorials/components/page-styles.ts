import { css, type Theme } from '@emotion/react';
import { displayHeading } from '@grouarock/ui';

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
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['3xl']};
  overflow-wrap: anywhere;
`;
