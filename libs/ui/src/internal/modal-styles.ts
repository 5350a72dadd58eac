import { css, keyframes, type Theme } from '@emotion/react';

// Pieces shared by Dialog and Drawer (both are Radix Dialog underneath).

export const fadeIn = keyframes`
  from {
    opacity: 0;
  }
  to {
    opacity: 1;
  }
`;

export const fadeOut = keyframes`
  from {
    opacity: 1;
  }
  to {
    opacity: 0;
  }
`;

/** The dimmed backdrop behind a modal. */
export const overlay = (theme: Theme) => css`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.overlay};
  background: ${theme.colors.overlay};
  backdrop-filter: blur(2px);

  &[data-state='open'] {
    animation: ${fadeIn} ${theme.motion.durations.base} ${theme.motion.easings.out};
  }

  &[data-state='closed'] {
    animation: ${fadeOut} ${theme.motion.durations.fast} ease-in;
  }

  ${theme.mq.reducedMotion} {
    &[data-state='open'],
    &[data-state='closed'] {
      animation: none;
    }
  }
`;

/** The panel chrome: surface, border and focus outline suppressed (focus goes to the first control). */
export const modalPanel = (theme: Theme) => css`
  z-index: ${theme.zIndices.modal};
  display: flex;
  flex-direction: column;
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  border: 2px solid ${theme.colors.border};
  box-shadow: ${theme.shadows.lg};

  &:focus {
    outline: none;
  }
`;

export const modalHeader = (theme: Theme) => css`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space[3]};
  padding: ${theme.space[4]} ${theme.space[4]} ${theme.space[2]} ${theme.space[5]};
`;

export const modalTitle = (theme: Theme) => css`
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['3xl']};
  font-weight: ${theme.fontWeights.regular};
  letter-spacing: ${theme.letterSpacings.display};
  line-height: ${theme.lineHeights.snug};
  padding-top: ${theme.space[1]};
`;

export const modalDescription = (theme: Theme) => css`
  padding: 0 ${theme.space[5]};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

export const modalBody = (theme: Theme) => css`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: ${theme.space[4]} ${theme.space[5]};
`;

export const modalFooter = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space[3]};
  padding: ${theme.space[3]} ${theme.space[5]} ${theme.space[5]};
`;
