import { css, type Theme } from '@emotion/react';
import { type ComponentPropsWithoutRef } from 'react';
import type { space } from '../../theme/scales';

/** A step of the spacing scale. */
export type SpaceStep = keyof typeof space;

export interface StackProps extends ComponentPropsWithoutRef<'div'> {
  /** The space between children, a step of the spacing scale. */
  gap?: SpaceStep;
  as?: 'div' | 'section' | 'ul' | 'ol';
}

const stack = (theme: Theme, gap: SpaceStep) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[gap]};
  min-width: 0;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Children one under another, `gap` apart: the vertical rhythm of forms, panels and pages. */
export function Stack({ gap = 4, as = 'div', ...rest }: StackProps) {
  // The allowed tags take the same props; TypeScript cannot unify their event handler types, so treat it as a div.
  const Element = as as 'div';
  return <Element css={(theme: Theme) => stack(theme, gap)} {...rest} />;
}
