import { css, type Theme } from '@emotion/react';

export { itemList, muted, plainList, row } from '../../../lib/panel-styles';

/** One row of such a list: what it is on the left, its actions on the right (under it on a phone). */
export const item = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]} ${theme.space[3]};
  padding: ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

/** The row's own facts (dates, address), quiet and small. */
export const meta = (theme: Theme) => css`
  margin: ${theme.space[1]} 0 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

/** Something shown once that the person must keep (recovery codes): set apart like the API key shown once. */
export const shownOnce = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.secondary};
  background: ${theme.colors.infoTint};
`;

/** A form laid out in a row on a wide screen, stacked on a phone. */
export const inlineForm = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space[3]};
  margin: 0;

  & > :first-of-type {
    flex: 1 1 14rem;
  }
`;

export const mono = (theme: Theme) => css`
  font-family: ${theme.fonts.mono};
`;
