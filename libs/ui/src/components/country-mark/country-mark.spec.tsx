import { screen } from '@testing-library/react';
import { renderWithUi } from '../../testing/render-with-ui';
import { CountryMark } from './country-mark';
import { drawnFlagCodes, flagDrawing, starPath } from './flags';

/** Regional indicator symbols, the letters emoji flags are made of. */
const REGIONAL_INDICATOR = /[\u{1F1E6}-\u{1F1FF}]/u;

describe('CountryMark', () => {
  it('draws a flag of ours as an SVG, decorative beside the name (hidden from assistive technology)', () => {
    const { container } = renderWithUi(
      <p>
        <CountryMark code="pl" /> Polska
      </p>,
    );
    const mark = container.querySelector('[data-country-mark]');
    expect(mark?.tagName.toLowerCase()).toBe('svg');
    expect(mark).toHaveAttribute('data-country-mark', 'pl');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark).toHaveAttribute('viewBox', '0 0 30 20');
    // White over red, nothing else.
    expect([...(mark?.querySelectorAll('rect') ?? [])].map((rect) => rect.getAttribute('fill'))).toEqual(['#FFFFFF', '#DC143C']);
    expect(container.querySelector('p')).toHaveTextContent(/^Polska$/);
  });

  it('takes the code in any case', () => {
    const { container } = renderWithUi(<CountryMark code="GB" />);
    expect(container.querySelector('svg')).toHaveAttribute('data-country-mark', 'gb');
  });

  it('falls back to the code in a badge for a country it has not drawn, never to an emoji', () => {
    const { container } = renderWithUi(<CountryMark code="cz" />);
    const mark = container.querySelector('[data-country-mark]');
    expect(mark?.tagName.toLowerCase()).toBe('span');
    expect(mark).toHaveTextContent(/^CZ$/);
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('reads as an image named by `title` when it stands alone, drawn or not', () => {
    renderWithUi(
      <>
        <CountryMark code="gb" title="Wielka Brytania" />
        <CountryMark code="cz" title="Czechy" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Wielka Brytania' }).tagName.toLowerCase()).toBe('svg');
    expect(screen.getByRole('img', { name: 'Czechy' })).toHaveTextContent('CZ');
  });

  it('gives each mark of a page its own clip path, so two Union Flags do not share one', () => {
    const { container } = renderWithUi(
      <>
        <CountryMark code="gb" />
        <CountryMark code="gb" />
        <CountryMark code="au" />
      </>,
    );
    const ids = [...container.getElementsByTagNameNS('http://www.w3.org/2000/svg', 'clipPath')].map((clip) => clip.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9_-]+$/);
    // Each red saltire points at its own flag's clip path.
    const references = [...container.querySelectorAll('[clip-path]')].map((path) => path.getAttribute('clip-path'));
    expect(references).toEqual(ids.map((id) => `url(#${id})`));
  });

  it('draws every flag we have with shapes and no text (no emoji, no letters standing in for a flag)', () => {
    expect(drawnFlagCodes).toEqual(['at', 'au', 'be', 'br', 'ca', 'ch', 'de', 'es', 'fr', 'gb', 'ie', 'it', 'nl', 'pl', 'pt', 'se', 'us']);
    const { container } = renderWithUi(
      <>
        {drawnFlagCodes.map((code) => (
          <CountryMark key={code} code={code} />
        ))}
      </>,
    );
    const marks = [...container.querySelectorAll('[data-country-mark]')];
    expect(marks.map((mark) => mark.tagName.toLowerCase())).toEqual(drawnFlagCodes.map(() => 'svg'));
    for (const mark of marks) {
      expect(mark.querySelectorAll('rect, path, circle, ellipse').length).toBeGreaterThan(0);
      expect(mark.textContent).toBe('');
    }
    expect(container.innerHTML).not.toMatch(REGIONAL_INDICATOR);
  });

  it('knows no drawing for an empty or unknown code, nor for an inherited property name', () => {
    expect(flagDrawing('')).toBeNull();
    expect(flagDrawing('xx')).toBeNull();
    expect(flagDrawing('constructor')).toBeNull();
    expect(flagDrawing('PL')).not.toBeNull();
  });
});

describe('starPath', () => {
  it('goes round a five-pointed star from its top point, alternating outer and inner corners', () => {
    const d = starPath(10, 10, 5);
    expect(d.startsWith('M10.00 5.00L')).toBe(true);
    expect(d.endsWith('Z')).toBe(true);
    const corners = d.slice(1, -1).split('L').map((corner) => corner.split(' ').map(Number));
    expect(corners).toHaveLength(10);
    const distances = corners.map(([x, y]) => Math.hypot(x - 10, y - 10));
    distances.forEach((distance, index) => expect(distance).toBeCloseTo(index % 2 === 0 ? 5 : 5 * 0.382, 1));
  });
});
