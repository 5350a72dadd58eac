import { useEffect, useState } from 'react';
import type { MixerLevels } from './mixer-session';

const silent = { rms: -Infinity, peak: -Infinity };

export const SILENT_LEVELS: MixerLevels = { a: silent, b: silent, master: silent };

/** Rounded to whole dB: a React update only when a meter would visibly change. */
function sameLevels(x: MixerLevels, y: MixerLevels): boolean {
  const keys = ['a', 'b', 'master'] as const;
  const round = (value: number) => (Number.isFinite(value) ? Math.round(value) : value);
  return keys.every((key) => round(x[key].rms) === round(y[key].rms) && round(x[key].peak) === round(y[key].peak));
}

/**
 * Polls `read` once per animation frame while `read` is given (the overlay is open and has its engine);
 * the loop stops when it is not, and on unmount.
 */
export function useLevelMeters(read: (() => MixerLevels) | null): MixerLevels {
  const [levels, setLevels] = useState<MixerLevels>(SILENT_LEVELS);
  useEffect(() => {
    if (!read) {
      setLevels(SILENT_LEVELS);
      return;
    }
    let frame = requestAnimationFrame(function tick() {
      const next = read();
      setLevels((previous) => (sameLevels(previous, next) ? previous : next));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [read]);
  return levels;
}
