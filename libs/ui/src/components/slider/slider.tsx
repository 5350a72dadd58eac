import { css, type Theme } from '@emotion/react';
import * as RadixSlider from '@radix-ui/react-slider';
import { useId, useState } from 'react';
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

const root = css`
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;
  height: 44px;
  touch-action: none;
  user-select: none;

  &[data-disabled] {
    opacity: 0.5;
  }
`;

const track = (theme: Theme) => css`
  position: relative;
  flex-grow: 1;
  height: 6px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceSunken};
  box-shadow: inset 0 0 0 1px ${theme.colors.borderStrong};
`;

const range = (theme: Theme) => css`
  position: absolute;
  height: 100%;
  border-radius: inherit;
  background: ${theme.colors.accent};
`;

const thumb = (theme: Theme) => css`
  display: block;
  width: 1.375rem;
  height: 1.375rem;
  border: 3px solid ${theme.colors.accent};
  border-radius: ${theme.radii.round};
  background: ${theme.colors.text};
  box-shadow: ${theme.shadows.sm};
  cursor: grab;

  &:active {
    cursor: grabbing;
  }

  ${theme.mq.coarsePointer} {
    width: 1.75rem;
    height: 1.75rem;
  }
`;

/** A horizontal range input (Radix Slider) with a visible label and value read-out. */
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
  const labelId = `${id ?? generatedId}-label`;
  // Kept even when controlled so the read-out can show an uncontrolled value too.
  const [uncontrolled, setUncontrolled] = useState(() => defaultValue ?? min);
  const current = clamp(value ?? uncontrolled, min, max);
  const valueText = formatValue(current);

  function handleChange([next = current]: number[]) {
    if (value === undefined) setUncontrolled(next);
    onValueChange?.(next);
  }

  return (
    <div css={fieldStack} className={className}>
      <div css={header}>
        <span id={labelId} css={fieldLabel}>
          {label}
        </span>
        {hideValue ? null : (
          <span css={readout} aria-hidden="true">
            {valueText}
          </span>
        )}
      </div>
      <RadixSlider.Root
        id={id}
        css={root}
        value={[current]}
        onValueChange={handleChange}
        onValueCommit={([committed = current]) => onValueCommit?.(committed)}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        name={name}
      >
        <RadixSlider.Track css={track}>
          <RadixSlider.Range css={range} />
        </RadixSlider.Track>
        <RadixSlider.Thumb css={thumb} aria-labelledby={labelId} aria-valuetext={valueText} />
      </RadixSlider.Root>
    </div>
  );
}
