import { css, type Theme } from '@emotion/react';

export const stack = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
  min-width: 0;
`;

export const heading = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
`;

/** A line of text that may be long (a name), cut with an ellipsis rather than pushing the buttons off a phone's screen. */
export const grow = css`
  flex: 1 1 10rem;
  min-width: 0;
  overflow-wrap: anywhere;
`;
