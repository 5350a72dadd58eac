import { useTheme } from '@emotion/react';
import { useId } from 'react';
import { arcPath, CENTER, polarToCartesian, SWEEP_END, SWEEP_START, valueToAngle } from './knob-geometry';

export interface KnobDialProps {
  value: number;
  min: number;
  max: number;
  bipolar: boolean;
  disabled: boolean;
}

const TRACK_RADIUS = 43;
const BODY_RADIUS = 33;
const TICKS = 11;

/**
 * The drawn knob: a track arc with the value lit in red (from the start, or from the centre when bipolar,
 * like an EQ or pan pot), scale ticks, a machined body and a pointer line. Purely decorative: the wrapper
 * carries role="slider" and all ARIA state.
 */
export function KnobDial({ value, min, max, bipolar, disabled }: KnobDialProps) {
  const theme = useTheme();
  // Sanitised because the id ends up inside url(#…), where some characters React may use are not allowed.
  const gradientId = `knob-body${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const angle = valueToAngle(value, min, max);
  const origin = bipolar ? (SWEEP_START + SWEEP_END) / 2 : SWEEP_START;
  const pointerStart = polarToCartesian(12, angle);
  const pointerEnd = polarToCartesian(BODY_RADIUS - 5, angle);
  const valueColor = disabled ? theme.colors.borderStrong : theme.colors.accent;

  return (
    <svg viewBox="0 0 100 100" width="100%" height="100%" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={gradientId} cx="38%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#4A4552" />
          <stop offset="55%" stopColor={theme.colors.surfaceRaised} />
          <stop offset="100%" stopColor={theme.colors.surfaceSunken} />
        </radialGradient>
      </defs>

      {Array.from({ length: TICKS }, (_, index) => {
        const tickAngle = SWEEP_START + (index * (SWEEP_END - SWEEP_START)) / (TICKS - 1);
        const inner = polarToCartesian(46.5, tickAngle);
        const outer = polarToCartesian(49.5, tickAngle);
        return (
          <line
            key={index}
            x1={inner.x}
            y1={inner.y}
            x2={outer.x}
            y2={outer.y}
            stroke={theme.colors.textMuted}
            strokeWidth={1.6}
            strokeLinecap="round"
          />
        );
      })}

      <path
        d={arcPath(TRACK_RADIUS, SWEEP_START, SWEEP_END)}
        stroke={theme.colors.border}
        strokeWidth={6}
        strokeLinecap="round"
        fill="none"
      />
      <path d={arcPath(TRACK_RADIUS, origin, angle)} stroke={valueColor} strokeWidth={6} strokeLinecap="round" fill="none" />

      <circle cx={CENTER} cy={CENTER} r={BODY_RADIUS} fill={`url(#${gradientId})`} stroke="#000" strokeWidth={1.5} />
      <circle cx={CENTER} cy={CENTER} r={BODY_RADIUS - 6} fill="none" stroke={theme.colors.border} strokeWidth={1} />
      <line
        x1={pointerStart.x}
        y1={pointerStart.y}
        x2={pointerEnd.x}
        y2={pointerEnd.y}
        stroke={disabled ? theme.colors.textMuted : theme.colors.text}
        strokeWidth={4}
        strokeLinecap="round"
      />
    </svg>
  );
}
