import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { clamp } from '../../internal/math';
import { visuallyHidden } from '../../internal/visually-hidden';

export type LevelMeterOrientation = 'horizontal' | 'vertical';

export interface LevelMeterBarProps {
  /** Visible caption and accessible name, e.g. "Deck A". */
  label: string;
  /** The level in dBFS; -Infinity (silence) and anything below `min` show as an empty bar. */
  value: number;
  /** Bottom of the scale in dB (the bar is empty here). */
  min?: number;
  /** Top of the scale in dB (full bar). */
  max?: number;
  /** An optional second, thinner marker (e.g. the peak while `value` is the RMS), in dB. */
  peak?: number;
  /** aria-valuetext and the read-out, e.g. `(db) => \`${db} dB\``; gets the clamped, rounded value. */
  formatValue?: (value: number) => string;
  orientation?: LevelMeterOrientation;
  /** Keep the caption for screen readers only. */
  hideLabel?: boolean;
  id?: string;
  className?: string;
}

const wrapper = (theme: Theme, orientation: LevelMeterOrientation) => css`
  display: inline-flex;
  flex-direction: ${orientation === 'vertical' ? 'column-reverse' : 'column'};
  align-items: ${orientation === 'vertical' ? 'center' : 'stretch'};
  gap: ${theme.space[1]};
  min-width: ${orientation === 'vertical' ? theme.touchTarget : '8rem'};
`;

const track = (theme: Theme, orientation: LevelMeterOrientation) => css`
  position: relative;
  overflow: hidden;
  width: ${orientation === 'vertical' ? '0.875rem' : '100%'};
  height: ${orientation === 'vertical' ? '8rem' : '0.875rem'};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceSunken};
`;

/** Green up to -12 dB, amber to -3 dB, red above: the usual meter colours, fixed to the scale. */
const fill = (theme: Theme, orientation: LevelMeterOrientation) => css`
  position: absolute;
  inset: 0;
  background: linear-gradient(
    ${orientation === 'vertical' ? 'to top' : 'to right'},
    ${theme.colors.success} 0 80%,
    ${theme.colors.secondary} 80% 95%,
    ${theme.colors.accent} 95% 100%
  );
  transform-origin: ${orientation === 'vertical' ? 'bottom' : 'left'};
  will-change: transform;
`;

const peakMark = (theme: Theme, orientation: LevelMeterOrientation) => css`
  position: absolute;
  background: ${theme.colors.text};
  ${orientation === 'vertical' ? 'left: 0; right: 0; height: 2px;' : 'top: 0; bottom: 0; width: 2px;'}
`;

const caption = (theme: Theme, hidden: boolean) => css`
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.sm};
  letter-spacing: ${theme.letterSpacings.wide};
  color: ${theme.colors.text};
  text-align: center;
  ${hidden && visuallyHidden}
`;

const readout = (theme: Theme) => css`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
  text-align: center;
`;

/** Clamps a dB value onto the scale and rounds it (silence, -Infinity, becomes `min`). */
export function meterValue(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.round(clamp(value, min, max));
}

function fraction(value: number, min: number, max: number): number {
  if (!Number.isFinite(value) || max === min) return value === Infinity ? 1 : 0;
  return clamp((value - min) / (max - min), 0, 1);
}

const defaultFormat = (db: number) => `${db} dB`;

/**
 * A level meter bar (audio level in dBFS), exposed as role="meter" with aria-valuenow in dB, so
 * screen readers and tests can read the level. Purely a display: the caller polls its source (e.g. once
 * per animation frame) and passes the reading.
 */
export function LevelMeterBar({
  label,
  value,
  min = -60,
  max = 0,
  peak,
  formatValue = defaultFormat,
  orientation = 'horizontal',
  hideLabel = false,
  id,
  className,
}: LevelMeterBarProps) {
  const generatedId = useId();
  const labelId = `${id ?? generatedId}-label`;
  const shown = meterValue(value, min, max);
  const level = fraction(value, min, max);
  const scale = orientation === 'vertical' ? `scaleY(${level})` : `scaleX(${level})`;
  const peakLevel = peak === undefined ? undefined : fraction(peak, min, max);
  return (
    <div css={(theme) => wrapper(theme, orientation)} className={className}>
      <span id={labelId} css={(theme) => caption(theme, hideLabel)}>
        {label}
      </span>
      <div
        id={id}
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={shown}
        aria-valuetext={formatValue(shown)}
        data-orientation={orientation}
        css={(theme) => track(theme, orientation)}
      >
        <div css={(theme) => fill(theme, orientation)} style={{ transform: scale }} />
        {peakLevel !== undefined && peakLevel > 0 ? (
          <div
            css={(theme) => peakMark(theme, orientation)}
            style={orientation === 'vertical' ? { bottom: `calc(${peakLevel * 100}% - 2px)` } : { left: `calc(${peakLevel * 100}% - 2px)` }}
          />
        ) : null}
      </div>
      <span css={readout} aria-hidden="true">
        {formatValue(shown)}
      </span>
    </div>
  );
}
