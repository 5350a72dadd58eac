import { css, keyframes, type Theme } from '@emotion/react';
import { type ComponentPropsWithRef } from 'react';

export type BadgeTone = 'accent' | 'secondary' | 'live' | 'neutral';

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  /**
   * `accent` (red) for "TOP", `secondary` (amber) for "NAJPOPULARNIEJSZY", `live` (red with a pulsing dot)
   * for "LIVE", `neutral` (outlined) for genres and counts.
   */
  tone?: BadgeTone;
}

const pulse = keyframes`
  0%, 100% {
    opacity: 1;
  }
  50% {
    opacity: 0.35;
  }
`;

const tones = (theme: Theme): Record<BadgeTone, ReturnType<typeof css>> => ({
  accent: css`
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
  `,
  secondary: css`
    background: ${theme.colors.secondary};
    color: ${theme.colors.onSecondary};
  `,
  live: css`
    background: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
    box-shadow: ${theme.shadows.glowAccent};
  `,
  neutral: css`
    background: transparent;
    color: ${theme.colors.text};
    border-color: ${theme.colors.borderStrong};
  `,
});

const badge = (theme: Theme, tone: BadgeTone) => css`
  display: inline-flex;
  align-items: center;
  gap: 0.375em;
  /* Not auto, so a flex-column parent (e.g. Card) does not stretch the badge across its width. */
  width: fit-content;
  max-width: 100%;
  padding: 0.2em 0.6em 0.1em;
  border: 1px solid transparent;
  border-radius: ${theme.radii.sm};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.md};
  letter-spacing: ${theme.letterSpacings.wide};
  line-height: ${theme.lineHeights.tight};
  white-space: nowrap;
  vertical-align: middle;
  ${tones(theme)[tone]};
`;

const dot = (theme: Theme) => css`
  width: 0.5em;
  height: 0.5em;
  border-radius: ${theme.radii.round};
  background: currentColor;
  animation: ${pulse} 1.4s ease-in-out infinite;

  ${theme.mq.reducedMotion} {
    animation: none;
  }
`;

/** A short uppercase tag. The text comes from children (translated by the app). */
export function Badge({ tone = 'neutral', children, ...rest }: BadgeProps) {
  return (
    <span css={(theme) => badge(theme, tone)} data-tone={tone} {...rest}>
      {tone === 'live' ? <span css={dot} aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
