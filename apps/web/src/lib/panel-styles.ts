import { css, type Theme } from '@emotion/react';

/** A line of controls and labels that wraps on a narrow screen. */
export const row = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

/** A quiet note under or beside the content (sizes, states, hints). */
export const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** An inline link in such a note (an upgrade, a share). */
export const link = (theme: Theme) => css`
  color: ${theme.colors.secondary};
`;

/** A list without bullets or indent, its items spaced like the rest of the panel. */
export const plainList = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A list of things the account has (API keys, passkeys, sessions), a row apart from the next. */
export const itemList = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;
