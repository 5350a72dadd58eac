import { css, type Theme } from '@emotion/react';
import { type ComponentPropsWithoutRef } from 'react';
import type { SpaceStep } from './stack';

export interface GridProps extends ComponentPropsWithoutRef<'div'> {
  /** The narrowest a cell may get (CSS length): as many columns as fit, at least one. */
  minItemWidth?: string;
  gap?: SpaceStep;
  as?: 'div' | 'section' | 'ul' | 'ol';
}

const grid = (theme: Theme, minItemWidth: string, gap: SpaceStep) => css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(${minItemWidth}, 100%), 1fr));
  gap: ${theme.space[gap]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Cards in as many equal columns as fit, each at least `minItemWidth` wide (one column on a phone). */
export function Grid({ minItemWidth = '16rem', gap = 4, as = 'div', ...rest }: GridProps) {
  // The allowed tags take the same props; TypeScript cannot unify their event handler types, so treat it as a div.
  const Element = as as 'div';
  return <Element css={(theme: Theme) => grid(theme, minItemWidth, gap)} {...rest} />;
}
