import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { flagDrawing } from './flags';

export interface CountryMarkProps {
  /** The ISO 3166-1 alpha-2 code, in any case (`pl`, `GB`). */
  code: string;
  /**
   * The country's name, for a mark that stands alone: it then reads as an image with that name. Leave it out beside
   * the name itself (a heading, a card's line): the mark is then decorative and hidden from assistive technology.
   */
  title?: string;
  className?: string;
}

/** A 3:2 box, 1em high, sitting on the text's baseline like a capital letter. */
const box = css`
  display: inline-block;
  flex-shrink: 0;
  box-sizing: border-box;
  width: 1.5em;
  height: 1em;
  vertical-align: -0.125em;
`;

const flag = (theme: Theme) => css`
  border-radius: ${theme.radii.sm};
  /* A hairline of light, so a black or dark blue stripe keeps its edge on the dark stage. */
  box-shadow: 0 0 0 1px rgb(255 255 255 / 18%);
`;

/** The code in an outlined box of the same size, in the text's own colour (so it has the text's contrast). */
const codeBadge = (theme: Theme) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* The letters are 0.7 of the text; the box keeps the flag's 1.5em × 1em of the text around it. */
  font-size: 0.7em;
  width: auto;
  min-width: 2.15em;
  height: 1.43em;
  padding: 0 0.2em;
  border: 1px solid currentColor;
  border-radius: ${theme.radii.sm};
  font-family: ${theme.fonts.body};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.04em;
  line-height: 1;
  /* Its letters sit on the baseline of the text beside it. */
  vertical-align: baseline;
  white-space: nowrap;
`;

/**
 * A country's mark beside its name: our own small SVG flag (flags.tsx), or, for a country we have not drawn, its
 * two-letter code in a badge. Never an emoji flag, which Chromium on Linux draws as two empty boxes and Windows as two
 * letters. `data-country-mark` carries the code, so a test can find every mark on a page.
 */
export function CountryMark({ code, title, className }: CountryMarkProps) {
  // A unique id for the drawings with a clip path (several marks of one country share a page); React's ids hold
  // characters that url(#…) references do not take.
  const id = `flag${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const drawing = flagDrawing(code);
  const label = title ? ({ role: 'img', 'aria-label': title } as const) : ({ 'aria-hidden': true } as const);
  if (!drawing) {
    return (
      <span css={[box, codeBadge]} className={className} data-country-mark={code.toLowerCase()} {...label}>
        {code.toUpperCase()}
      </span>
    );
  }
  return (
    <svg
      css={[box, flag]}
      className={className}
      viewBox={drawing.viewBox}
      preserveAspectRatio={drawing.fit ?? 'xMidYMid slice'}
      focusable="false"
      data-country-mark={code.toLowerCase()}
      {...label}
    >
      {drawing.draw(id)}
    </svg>
  );
}
