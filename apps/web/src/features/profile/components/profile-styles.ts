import { css, type Theme } from '@emotion/react';

export const form = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  margin: 0;
`;

export const actions = css`
  display: flex;
  justify-content: flex-start;
`;

export const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

export const notice = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.success};
  background: ${theme.colors.successTint};
`;
