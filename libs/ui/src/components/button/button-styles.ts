import { css, type Theme } from '@emotion/react';

// Variant and size styles shared by Button and IconButton, so both kinds of control look like one family.

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export const buttonBase = (theme: Theme) => css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[2]};
  border: 2px solid transparent;
  border-radius: ${theme.radii.md};
  font-family: ${theme.fonts.display};
  font-weight: ${theme.fontWeights.regular};
  letter-spacing: ${theme.letterSpacings.wide};
  line-height: ${theme.lineHeights.tight};
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  -webkit-tap-highlight-color: transparent;
  transition:
    background-color ${theme.motion.durations.fast} ease,
    border-color ${theme.motion.durations.fast} ease,
    color ${theme.motion.durations.fast} ease,
    box-shadow ${theme.motion.durations.fast} ease,
    transform ${theme.motion.durations.fast} ease;

  &:active:not(:disabled):not([aria-disabled='true']) {
    transform: translate(2px, 2px);
    box-shadow: none;
  }

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
    box-shadow: none;
  }

  &[aria-busy='true'] {
    cursor: progress;
    opacity: 0.85;
  }

  ${theme.mq.reducedMotion} {
    transition: none;

    &:active:not(:disabled):not([aria-disabled='true']) {
      transform: none;
    }
  }
`;

export const buttonVariants = (theme: Theme): Record<ButtonVariant, ReturnType<typeof css>> => ({
  primary: css`
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
    box-shadow: ${theme.shadows.hard};

    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${theme.colors.accentHover};
    }
  `,
  secondary: css`
    background: ${theme.colors.secondary};
    color: ${theme.colors.onSecondary};
    box-shadow: ${theme.shadows.hard};

    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${theme.colors.secondaryHover};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.colors.text};
    border-color: ${theme.colors.borderStrong};

    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${theme.colors.surfaceRaised};
      border-color: ${theme.colors.text};
    }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: ${theme.colors.onDanger};
    border-color: ${theme.colors.accentText};

    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${theme.colors.dangerHover};
    }
  `,
});

export const buttonSizes = (theme: Theme): Record<ButtonSize, ReturnType<typeof css>> => ({
  sm: css`
    min-height: 2rem;
    padding: ${theme.space[1]} ${theme.space[3]};
    font-size: ${theme.fontSizes.md};

    /* Compact for mouse users, but fingers still get 44px. Declared after min-height so it wins. */
    ${theme.mq.coarsePointer} {
      min-height: ${theme.touchTarget};
    }
  `,
  md: css`
    min-height: 2.75rem;
    padding: ${theme.space[2]} ${theme.space[4]};
    font-size: ${theme.fontSizes.lg};
  `,
  lg: css`
    min-height: 3.25rem;
    padding: ${theme.space[3]} ${theme.space[5]};
    font-size: ${theme.fontSizes.xl};
  `,
});

/** Square footprint for IconButton; never below the touch target on coarse pointers. */
export const iconButtonSizes = (theme: Theme): Record<ButtonSize, ReturnType<typeof css>> => {
  const square = (side: string, icon: string) => css`
    width: ${side};
    height: ${side};
    padding: 0;
    font-size: ${icon};

    ${theme.mq.coarsePointer} {
      min-width: ${theme.touchTarget};
      min-height: ${theme.touchTarget};
    }
  `;
  return { sm: square('2rem', '1rem'), md: square('2.5rem', '1.25rem'), lg: square('3rem', '1.5rem') };
};
