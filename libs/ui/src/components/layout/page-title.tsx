import { css, type Theme } from '@emotion/react';
import { type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { displayHeading } from '../../theme/text-styles';

export interface PageTitleProps extends ComponentPropsWithoutRef<'h1'> {
  /** A line under the title, in the muted colour. */
  lead?: ReactNode;
  /** `lg` for a destination (events, the radio), `md` for a reading or account page. */
  size?: 'md' | 'lg';
}

const title = (theme: Theme, size: 'md' | 'lg') => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${size === 'lg'
    ? `clamp(${theme.fontSizes['3xl']}, 8vw, ${theme.fontSizes['5xl']})`
    : `clamp(${theme.fontSizes['2xl']}, 8vw, ${theme.fontSizes['4xl']})`};
  line-height: ${size === 'lg' ? 1.05 : 1.1};
  color: ${theme.colors.text};
`;

const header = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
  margin: 0 0 ${theme.space[5]};
`;

const leadText = (theme: Theme) => css`
  max-width: 48rem;
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.lg};
  line-height: ${theme.lineHeights.normal};
`;

/** The screen's one h1, in the display face, shrinking on phones; with `lead`, the line that introduces the screen. */
export function PageTitle({ lead, size = 'lg', children, ...rest }: PageTitleProps) {
  const heading = (
    <h1 css={(theme: Theme) => title(theme, size)} data-size={size} {...rest}>
      {children}
    </h1>
  );
  if (lead === undefined) return heading;
  return (
    <header css={header}>
      {heading}
      <p css={leadText}>{lead}</p>
    </header>
  );
}
