import { css, type Theme } from '@emotion/react';
import { useId, useState, type CSSProperties } from 'react';
import { fieldLabel, fieldStack } from '../../internal/field-styles';
import { clamp } from '../../internal/math';

export interface SliderProps {
  /** Visible label, also the thumb's accessible name (e.g. "Głośność"). */
  label: string;
  /** Controlled value. Values outside min..max are shown clamped. */
  value?: number;
  /** Starting value when uncontrolled; defaults to `min`. */
  defaultValue?: number;
  /** Called on every change (drag, click, keys). */
  onValueChange?: (value: number) => void;
  /** Called once when the user lets go (pointer up / key press), e.g. to persist a setting. */
  onValueCommit?: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  /** Text for the visible read-out and aria-valuetext, e.g. `(v) => \`${v}%\``. */
  formatValue?: (value: number) => string;
  /** Hide the numeric read-out next to the label. */
  hideValue?: boolean;
  name?: string;
  id?: string;
  className?: string;
}

const header = css`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
`;

const readout = (theme: Theme) => css`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const input = (theme: Theme) => css`
  --fill: 0%;
  width: 100%;
  height: 44px;
  margin: 0;
  background: transparent;
  cursor: pointer;
  appearance: none;
  touch-action: pan-y;

  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }

  &::-webkit-slider-runnable-track {
    height: 6px;
    border-radius: ${theme.radii.pill};
    background: linear-gradient(to right, ${theme.colors.accent} var(--fill), ${theme.colors.surfaceSunken} var(--fill));
    box-shadow: inset 0 0 0 1px ${theme.colors.borderStrong};
  }

  &::-moz-range-track {
    height: 6px;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.surfaceSunken};
    box-shadow: inset 0 0 0 1px ${theme.colors.borderStrong};
  }

  &::-moz-range-progress {
    height: 6px;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.accent};
  }

  &::-webkit-slider-thumb {
    width: 1.375rem;
    height: 1.375rem;
    margin-top: calc(3px - 0.6875rem);
    border: 3px solid ${theme.colors.accent};
    border-radius: ${theme.radii.round};
    background: ${theme.colors.text};
    box-shadow: ${theme.shadows.sm};
    appearance: none;
  }

  &::-moz-range-thumb {
    width: 1rem;
    height: 1rem;
    border: 3px solid ${theme.colors.accent};
    border-radius: ${theme.radii.round};
    background: ${theme.colors.text};
    box-shadow: ${theme.shadows.sm};
  }

  ${theme.mq.coarsePointer} {
    &::-webkit-slider-thumb {
      width: 1.75rem;
      height: 1.75rem;
      margin-top: calc(3px - 0.875rem);
    }
  }
`;

/** A horizontal range input (the browser's own: arrows, Page Up/Down, Home/End, touch) with a visible label and value read-out. */
export function Slider({
  label,
  value,
  defaultValue,
  onValueChange,
  onValueCommit,
  min = 0,
  max = 100,
  step = 1,
  disabled,
  formatValue = String,
  hideValue = false,
  name,
  id,
  className,
}: SliderProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // Kept even when controlled so the read-out can show an uncontrolled value too.
  const [uncontrolled, setUncontrolled] = useState(() => defaultValue ?? min);
  const current = clamp(value ?? uncontrolled, min, max);
  const valueText = formatValue(current);
  const fill = max > min ? ((current - min) / (max - min)) * 100 : 0;

  function handleChange(next: number) {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  }

  return (
    <div css={fieldStack} className={className}>
      <div css={header}>
        <label htmlFor={inputId} css={fieldLabel}>
          {label}
        </label>
        {hideValue ? null : (
          <span css={readout} aria-hidden="true">
            {valueText}
          </span>
        )}
      </div>
      <input
        id={inputId}
        type="range"
        css={input}
        style={{ '--fill': `${fill}%` } as CSSProperties}
        value={current}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        name={name}
        aria-valuetext={valueText}
        onChange={(event) => handleChange(Number(event.target.value))}
        onPointerUp={() => onValueCommit?.(current)}
        onKeyUp={() => onValueCommit?.(current)}
      />
    </div>
  );
}
