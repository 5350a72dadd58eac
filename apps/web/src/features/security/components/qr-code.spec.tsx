import { render } from '@testing-library/react';
import { darkRuns, QrCode } from './qr-code';

// An authenticator app's URI as the API makes it: 83 bytes, which at error correction M need version 5 (37 × 37 modules).
const uri = 'otpauth://totp/GrouaRock:fan%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=GrouaRock';

/** The drawing's dark modules, read back from its rects (each a run of one row), as "row,column". */
function darkModulesOf(svg: SVGSVGElement): Set<string> {
  const rects = [...svg.querySelectorAll('rect')].slice(1);
  return new Set(
    rects.flatMap((rect) => {
      const [x, y, width] = ['x', 'y', 'width'].map((name) => Number(rect.getAttribute(name)));
      expect(rect.getAttribute('height')).toBe('1');
      return Array.from({ length: width }, (_, i) => `${y - 4},${x - 4 + i}`);
    }),
  );
}

describe('QrCode', () => {
  it('draws a version 5 code (37 modules a side) with its four-module quiet zone, as React elements', () => {
    const { getByRole } = render(<QrCode text={uri} label="Kod QR" />);
    const svg = getByRole('img', { name: 'Kod QR' }) as unknown as SVGSVGElement;
    expect(svg.getAttribute('viewBox')).toBe('0 0 45 45');
    const background = svg.querySelector('rect');
    expect([background?.getAttribute('width'), background?.getAttribute('fill')]).toEqual(['45', '#fff']);
    expect(svg.innerHTML).not.toMatch(/data:|<image|style=/);
  });

  it('has the dark modules of the code: 692 of them, three finder patterns in their corners', () => {
    const { getByRole } = render(<QrCode text={uri} label="Kod QR" />);
    const dark = darkModulesOf(getByRole('img') as unknown as SVGSVGElement);
    expect(dark.size).toBe(692);
    // A finder pattern: a 7 × 7 ring, a light ring inside it, a 3 × 3 centre.
    const finderAt = (top: number, left: number) =>
      Array.from({ length: 7 }, (_, r) =>
        Array.from({ length: 7 }, (_, c) => (dark.has(`${top + r},${left + c}`) ? '#' : '.')).join(''),
      );
    const finder = ['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'];
    expect(finderAt(0, 0)).toEqual(finder);
    expect(finderAt(0, 30)).toEqual(finder);
    expect(finderAt(30, 0)).toEqual(finder);
    // No module outside the symbol.
    expect([...dark].every((key) => key.split(',').every((n) => Number(n) >= 0 && Number(n) < 37))).toBe(true);
  });

  it('joins each row’s neighbouring dark modules into one rect', () => {
    const { size, runs } = darkRuns(uri);
    expect(size).toBe(37);
    expect(runs.reduce((sum, run) => sum + run.length, 0)).toBe(692);
    expect(runs.filter((run) => run.row === 0 && run.column === 0)).toEqual([{ row: 0, column: 0, length: 7 }]);
    expect(runs.length).toBeLessThan(692);
  });
});
