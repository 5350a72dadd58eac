import { css, type Theme } from '@emotion/react';

export const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

/** A wide table scrolls sideways inside its block on a phone instead of widening the page. */
export const scrollX = css`
  overflow-x: auto;
`;

/** The developer page's tables: full width, a rule under each row, cells aligned left. */
export const dataTable = (theme: Theme) => css`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${theme.space[2]};
    border-bottom: 1px solid ${theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  code {
    font-family: ${theme.fonts.mono};
  }
`;
