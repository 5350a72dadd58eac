import { css, type Theme } from '@emotion/react';

// Shared look of form-field chrome (TextField, Select, Slider, Switch) so every label and hint lines up.

export const fieldStack = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  min-width: 0;
`;

export const fieldLabel = (theme: Theme) => css`
  font-family: ${theme.fonts.body};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.text};
`;

export const fieldHint = (theme: Theme) => css`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

export const fieldError = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[1]};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.accentText};
`;

/** The box of a text input or select trigger: raised surface, 3:1 outline, red when invalid. */
export const fieldControl = (theme: Theme) => css`
  width: 100%;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[3]};
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.md};
  transition:
    border-color ${theme.motion.durations.fast} ease,
    box-shadow ${theme.motion.durations.fast} ease;

  &:hover:not(:disabled) {
    border-color: ${theme.colors.textMuted};
  }

  &:focus-visible {
    border-color: ${theme.colors.focusRing};
  }

  &[aria-invalid='true'] {
    border-color: ${theme.colors.accentText};
  }

  &:disabled,
  &[data-disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;
