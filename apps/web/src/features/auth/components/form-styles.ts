import { css, type Theme } from '@emotion/react';

// Layout shared by the auth forms on /auth, in the dialog and on /profile.

export const formStack = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

export const linkButton = (theme: Theme) => css`
  align-self: flex-start;
  min-height: 2.75rem;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.secondary};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  text-decoration: underline;
  text-underline-offset: 0.2em;
  cursor: pointer;

  &:hover:not(:disabled) {
    color: ${theme.colors.secondaryHover};
  }

  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const mutedText = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** A problem said inside a form (the dialogs, the second step of a sign-in), next to what it is about. */
export const alertBox = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.accentText};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.errorTint};
  color: ${theme.colors.text};
`;
