import { create } from 'qrcode';
import { useMemo } from 'react';

/** The light margin a reader needs around the code, in modules (the QR standard asks for four). */
const QUIET_ZONE = 4;

/** Each row's dark modules as runs (column where it starts, how many), so the drawing is a few rects, not one per module. */
export function darkRuns(text: string): { size: number; runs: { row: number; column: number; length: number }[] } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const runs: { row: number; column: number; length: number }[] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push({ row, column: start, length: column - start });
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}

/**
 * `text` as a QR code: an SVG of React elements (the page's Trusted Types and CSP allow no markup from strings and no
 * data: images), dark on white whatever the theme, since readers expect that, scaled to its box.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { size: modules, runs } = useMemo(() => darkRuns(text), [text]);
  const side = modules + 2 * QUIET_ZONE;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      {runs.map(({ row, column, length }) => (
        <rect key={`${row}-${column}`} x={column + QUIET_ZONE} y={row + QUIET_ZONE} width={length} height={1} fill="#000" />
      ))}
    </svg>
  );
}
