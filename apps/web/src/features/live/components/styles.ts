import { css, type Theme } from '@emotion/react';
import { displayHeading } from '@grouarock/ui';

/** A block of the live section: it takes the panel's whole width. */
export const block = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  align-self: stretch;
`;

export const subheading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
`;

export const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

export const row = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;
