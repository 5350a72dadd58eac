import { css, type Theme } from '@emotion/react';
import { type ComponentPropsWithoutRef } from 'react';

/** How wide a page's content runs: a form (narrow), reading text (text), a catalogue (wide), the radio (full). */
export type PageWidth = 'narrow' | 'text' | 'wide' | 'full';

const widths: Record<PageWidth, string> = { narrow: '44rem', text: '64rem', wide: '80rem', full: '90rem' };

export interface PageProps extends ComponentPropsWithoutRef<'div'> {
  width?: PageWidth;
  /** `article` for a page of text, `section` for a band of the home page that keeps the page's measure. */
  as?: 'div' | 'section' | 'article';
}

const page = (theme: Theme, width: PageWidth) => css`
  box-sizing: border-box;
  width: 100%;
  max-width: ${widths[width]};
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]} ${theme.space[8]};
  overflow-wrap: break-word;

  ${theme.mq.belowMobile} {
    padding: ${theme.space[5]} ${theme.space[3]} ${theme.space[7]};
  }
`;

/** A screen's content column: centred, at most `width` wide, with the app's page margins (smaller on phones). */
export function Page({ width = 'wide', as = 'div', ...rest }: PageProps) {
  // The allowed tags take the same props; TypeScript cannot unify their event handler types, so treat it as a div.
  const Element = as as 'div';
  return <Element css={(theme: Theme) => page(theme, width)} data-width={width} {...rest} />;
}
