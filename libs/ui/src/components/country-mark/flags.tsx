import type { ReactNode } from 'react';

/**
 * Our own drawings of the flags of the countries the station catalogue is made for: those of the built-in catalogue
 * (apps/api/src/radio/catalogue/stations.json) and those whose names the API knows (apps/api/src/radio/countries.ts).
 * Each is drawn by hand from the flag's published proportions and colours, simplified where a detail would be smaller
 * than a pixel at text size: Spain's civil flag (no arms), Portugal's sphere and shield as a ring and a plain shield,
 * Brazil's globe without its stars and motto, the other stars as plain stars. A country not here gets its code in a badge (country-mark.tsx),
 * never an emoji flag: emoji flags draw as two empty boxes on Chromium for Linux and as two letters on Windows.
 */
export interface FlagDrawing {
  /** The drawing's own grid. */
  viewBox: string;
  /**
   * How a drawing that is not 3:2 fills the mark's 3:2 box: cropped evenly (`xMidYMid slice`, the default), or from
   * the fly end only (`xMinYMid slice`) where the hoist carries the detail (the United States' stars).
   */
  fit?: 'xMidYMid slice' | 'xMinYMid slice';
  /** The shapes; `id` is unique in the document, for the drawings that need a clip path. */
  draw: (id: string) => ReactNode;
}

/** Equal (or weighted) stripes on a 30 × 20 grid, each drawn to the far edge over the last so no seam shows between them. */
function stripes(direction: 'rows' | 'columns', colours: readonly string[], weights: readonly number[] = colours.map(() => 1)): FlagDrawing {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const length = direction === 'rows' ? 20 : 30;
  const starts = weights.map((_, index) => (weights.slice(0, index).reduce((sum, weight) => sum + weight, 0) / total) * length);
  return {
    viewBox: '0 0 30 20',
    draw: () =>
      colours.map((fill, index) =>
        direction === 'rows' ? (
          <rect key={index} y={starts[index]} width={30} height={20 - starts[index]} fill={fill} />
        ) : (
          <rect key={index} x={starts[index]} width={30 - starts[index]} height={20} fill={fill} />
        ),
      ),
  };
}

/** The outline of a star with `points` points around (cx, cy), pointing up; `inner` is the inner radius over the outer. */
export function starPath(cx: number, cy: number, radius: number, points = 5, inner = 0.382): string {
  const corners = Array.from({ length: points * 2 }, (_, index) => {
    const r = index % 2 === 0 ? radius : radius * inner;
    const angle = -Math.PI / 2 + (index * Math.PI) / points;
    return `${(cx + r * Math.cos(angle)).toFixed(2)} ${(cy + r * Math.sin(angle)).toFixed(2)}`;
  });
  return `M${corners.join('L')}Z`;
}

const unionBlue = '#012169';
const unionRed = '#C8102E';

/**
 * The Union Flag on a 60 × 30 grid: the saltires of St Andrew and St Patrick (the red one counterchanged, clipped to
 * the triangles on one side of each diagonal) under the cross of St George.
 */
function unionFlag(id: string): ReactNode {
  const diagonals = 'M0 0L60 30M60 0L0 30';
  const cross = 'M30 0v30M0 15h60';
  return (
    <>
      <clipPath id={`${id}-saltire`}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <rect width={60} height={30} fill={unionBlue} />
      <path d={diagonals} stroke="#FFFFFF" strokeWidth={6} />
      <path d={diagonals} stroke={unionRed} strokeWidth={4} clipPath={`url(#${id}-saltire)`} />
      <path d={cross} stroke="#FFFFFF" strokeWidth={10} />
      <path d={cross} stroke={unionRed} strokeWidth={6} />
    </>
  );
}

/** The 50 stars of the United States' canton (9 rows of 6 and 5) on the flag's 190 × 100 grid, as one path. */
const fiftyStars = Array.from({ length: 9 }, (_, row) => {
  const count = row % 2 === 0 ? 6 : 5;
  return Array.from({ length: count }, (_, column) => starPath(6.3 * (2 * column + (row % 2 === 0 ? 1 : 2)), 5.4 * (row + 1), 3.08)).join('');
}).join('');

/** Canada's maple leaf (eleven points), simplified, on the flag's 40 × 20 grid: the right half, then its mirror. */
const mapleRight: ReadonlyArray<readonly [number, number]> = [
  [21.3, 4.6], [22.7, 3.9], [22.1, 7.6], [24.2, 5.4], [24.7, 6.6], [26.9, 6.2], [26.2, 8.5], [27.2, 9], [23.6, 12], [24, 13.2], [20.4, 12.8], [20.5, 16.8],
];
const mapleLeaf = `M20 2.2L${[...mapleRight, ...[...mapleRight].reverse().map(([x, y]) => [40 - x, y] as const)].map(([x, y]) => `${x} ${y}`).join('L')}Z`;

const flags: Record<string, FlagDrawing> = {
  at: stripes('rows', ['#C8102E', '#FFFFFF', '#C8102E']),
  au: {
    // Drawn on 3:2 (the flag is 2:1): the Union Flag in the canton, the Commonwealth Star under it, the Southern Cross in the fly.
    viewBox: '0 0 45 30',
    draw: (id) => (
      <>
        <rect width={45} height={30} fill={unionBlue} />
        <svg width={22.5} height={15} viewBox="0 0 60 30" preserveAspectRatio="xMidYMid slice">
          {unionFlag(id)}
        </svg>
        <path
          fill="#FFFFFF"
          d={[
            starPath(11.25, 22.5, 3.6, 7, 0.44),
            starPath(33.75, 4.5, 1.6, 7, 0.44),
            starPath(33.75, 25.5, 1.6, 7, 0.44),
            starPath(28.5, 13, 1.6, 7, 0.44),
            starPath(38.3, 11, 1.6, 7, 0.44),
            starPath(36, 16.5, 0.9),
          ].join('')}
        />
      </>
    ),
  },
  be: stripes('columns', ['#000000', '#FDDA24', '#EF3340']),
  br: {
    // 10:7; in the 3:2 box a sliver of green is cropped at the top and bottom.
    viewBox: '0 0 20 14',
    draw: () => (
      <>
        <rect width={20} height={14} fill="#009C3B" />
        <path d="M10 1.7L18.3 7L10 12.3L1.7 7z" fill="#FFDF00" />
        <circle cx={10} cy={7} r={3.5} fill="#002776" />
        <path d="M6.55 7.27A8 8 0 0 1 13.17 8.43" fill="none" stroke="#FFFFFF" strokeWidth={0.6} />
      </>
    ),
  },
  ca: {
    viewBox: '0 0 40 20',
    draw: () => (
      <>
        <rect width={40} height={20} fill="#D52B1E" />
        <rect x={10} width={20} height={20} fill="#FFFFFF" />
        <path d={mapleLeaf} fill="#D52B1E" />
      </>
    ),
  },
  ch: {
    // A square flag; in the 3:2 box its top and bottom edges are cropped, the cross stays whole.
    viewBox: '0 0 32 32',
    draw: () => (
      <>
        <rect width={32} height={32} fill="#DA291C" />
        <path d="M13 6h6v7h7v6h-7v7h-6v-7H6v-6h7z" fill="#FFFFFF" />
      </>
    ),
  },
  de: stripes('rows', ['#000000', '#DD0000', '#FFCE00']),
  es: stripes('rows', ['#AA151B', '#F1BF00', '#AA151B'], [1, 2, 1]),
  fr: stripes('columns', ['#002395', '#FFFFFF', '#ED2939']),
  gb: { viewBox: '0 0 60 30', draw: unionFlag },
  ie: stripes('columns', ['#169B62', '#FFFFFF', '#FF883E']),
  it: stripes('columns', ['#009246', '#FFFFFF', '#CE2B37']),
  nl: stripes('rows', ['#AE1C28', '#FFFFFF', '#21468B']),
  pl: stripes('rows', ['#FFFFFF', '#DC143C']),
  pt: {
    viewBox: '0 0 30 20',
    draw: () => (
      <>
        <rect width={30} height={20} fill="#FF0000" />
        <rect width={12} height={20} fill="#006600" />
        <circle cx={12} cy={10} r={4.2} fill="none" stroke="#FFE000" strokeWidth={1.1} />
        <ellipse cx={12} cy={10} rx={4.2} ry={1.4} fill="none" stroke="#FFE000" strokeWidth={0.6} />
        <path d="M10 7.4h4v3.2a2 2 0 0 1-4 0z" fill="#FFFFFF" stroke="#FF0000" strokeWidth={0.9} />
        <path d="M11.65 8.1h.7v.7h-.7zM11.65 9.2h.7v.7h-.7zM11.65 10.3h.7v.7h-.7zM10.75 9.2h.7v.7h-.7zM12.55 9.2h.7v.7h-.7z" fill="#003399" />
      </>
    ),
  },
  se: {
    viewBox: '0 0 16 10',
    draw: () => (
      <>
        <rect width={16} height={10} fill="#006AA7" />
        <path d="M5 0h2v4h9v2H7v4H5V6H0V4h5z" fill="#FECC00" />
      </>
    ),
  },
  us: {
    viewBox: '0 0 190 100',
    fit: 'xMinYMid slice',
    draw: () => (
      <>
        <rect width={190} height={100} fill="#B22234" />
        <path d={Array.from({ length: 6 }, (_, stripe) => `M0 ${((2 * stripe + 1) * 100) / 13}h190v${100 / 13}H0z`).join('')} fill="#FFFFFF" />
        <rect width={76} height={700 / 13} fill="#3C3B6E" />
        <path d={fiftyStars} fill="#FFFFFF" />
      </>
    ),
  },
};

/** The drawing of `code`'s flag (any case), or null for a country we have not drawn. */
export function flagDrawing(code: string): FlagDrawing | null {
  return Object.hasOwn(flags, code.toLowerCase()) ? flags[code.toLowerCase()] : null;
}

/** The lowercase codes of every drawn flag, A to Z. */
export const drawnFlagCodes: readonly string[] = Object.keys(flags).sort();
