import { css, type Theme } from '@emotion/react';
import { type ComponentPropsWithRef } from 'react';

export type CardTone = 'default' | 'highlight';
export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

export interface CardProps extends ComponentPropsWithRef<'div'> {
  /** Semantic element: `article` for a station or concert, `li` inside a list, `section` for a panel. */
  as?: 'div' | 'article' | 'section' | 'li' | 'aside';
  /** `highlight` draws the red stage-light border, e.g. for the most popular plan. */
  tone?: CardTone;
  padding?: CardPadding;
  /** Lifts on hover; use when the whole card is a link or button target. */
  interactive?: boolean;
}

const paddings = (theme: Theme): Record<CardPadding, string> => ({
  none: '0',
  sm: theme.space[3],
  md: theme.space[4],
  lg: theme.space[5],
});

const card = (theme: Theme, tone: CardTone, padding: CardPadding, interactive: boolean) => css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  min-width: 0;
  padding: ${paddings(theme)[padding]};
  border: 2px solid ${tone === 'highlight' ? theme.colors.accent : theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  box-shadow: ${tone === 'highlight' ? theme.shadows.glowAccent : theme.shadows.sm};
  list-style: none;

  ${interactive &&
  css`
    transition:
      transform ${theme.motion.durations.base} ${theme.motion.easings.out},
      border-color ${theme.motion.durations.base} ease;

    ${theme.mq.canHover} {
      &:hover {
        transform: translateY(-3px);
        border-color: ${theme.colors.accentText};
      }
    }

    &:focus-within {
      border-color: ${theme.colors.focusRing};
    }

    ${theme.mq.reducedMotion} {
      transition: none;

      &:hover {
        transform: none;
      }
    }
  `}
`;

/** A framed surface for stations, concerts, plans and mixer channels. */
export function Card({
  as = 'div',
  tone = 'default',
  padding = 'md',
  interactive = false,
  ...rest
}: CardProps) {
  // All allowed tags take the same props; TypeScript just cannot unify their ref types, so treat it as a div.
  const Element = as as 'div';
  return <Element css={(theme) => card(theme, tone, padding, interactive)} data-tone={tone} {...rest} />;
}
