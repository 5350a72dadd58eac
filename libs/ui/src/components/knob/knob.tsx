import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clamp, snapToStep } from '../../internal/math';
import { visuallyHidden } from '../../internal/visually-hidden';
import { KnobDial } from './knob-dial';

export type KnobSize = 'sm' | 'md' | 'lg';

export interface KnobProps {
  /** Visible caption under the knob and its accessible name (e.g. "Bas", "Głośność A"). */
  label: string;
  /** Controlled value; shown clamped to min..max. */
  value: number;
  /** Receives the next value, already snapped to `step` and clamped to min..max. */
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** PageUp/PageDown and Shift+wheel step; defaults to a tenth of the range. */
  bigStep?: number;
  /** Light the arc from the centre (EQ, pan, -50..50) instead of from the minimum. */
  bipolar?: boolean;
  /** Value read-out and aria-valuetext, e.g. `(v) => \`${v} dB\``. */
  formatValue?: (value: number) => string;
  /** Double-click (or double-tap) returns here, like a DJ resetting an EQ to flat. */
  resetValue?: number;
  /** Vertical drag distance, in px, that sweeps the whole range. */
  dragRange?: number;
  size?: KnobSize;
  disabled?: boolean;
  /** Keep the label for screen readers only (when a surrounding heading already says it). */
  hideLabel?: boolean;
  id?: string;
  className?: string;
}

const diameters: Record<KnobSize, string> = { sm: '2.75rem', md: '4rem', lg: '5.5rem' };

const wrapper = (theme: Theme) => css`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space[1]};
  min-width: ${theme.touchTarget};
`;

const dial = (theme: Theme, size: KnobSize, disabled: boolean) => css`
  width: ${diameters[size]};
  height: ${diameters[size]};
  border-radius: ${theme.radii.round};
  cursor: ${disabled ? 'not-allowed' : 'ns-resize'};
  opacity: ${disabled ? 0.6 : 1};
  /* The page must not scroll while a finger turns the knob. */
  touch-action: none;
  user-select: none;
  -webkit-tap-highlight-color: transparent;

  ${theme.mq.coarsePointer} {
    min-width: ${theme.touchTarget};
    min-height: ${theme.touchTarget};
  }
`;

const caption = (theme: Theme, hidden: boolean) => css`
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.md};
  letter-spacing: ${theme.letterSpacings.wide};
  line-height: ${theme.lineHeights.snug};
  color: ${theme.colors.text};
  text-align: center;
  ${hidden && visuallyHidden}
`;

const readout = (theme: Theme) => css`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
  line-height: ${theme.lineHeights.snug};
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

interface DragState {
  pointerId: number;
  startY: number;
  startValue: number;
}

/**
 * A rotary knob for the DJ mixer, exposed as role="slider". Drag up/down, scroll the wheel, or use the
 * keyboard: arrows step, PageUp/PageDown take a big step, Home/End jump to the ends. Shift makes drags
 * fine-grained and wheel steps big. Every change is snapped to `step` and clamped to min..max.
 */
export function Knob({
  label,
  value,
  onChange,
  min = 0,
  max = 100,
  step = 1,
  bigStep,
  bipolar = false,
  formatValue = String,
  resetValue,
  dragRange = 200,
  size = 'md',
  disabled = false,
  hideLabel = false,
  id,
  className,
}: KnobProps) {
  const generatedId = useId();
  const labelId = `${id ?? generatedId}-label`;
  const dialRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<DragState | null>(null);
  const current = clamp(value, min, max);
  const largeStep = bigStep ?? Math.max(step, (max - min) / 10);
  const valueText = formatValue(current);

  /** Snaps and clamps, and only reports real changes (a knob held at max stays silent). */
  function commit(next: number) {
    if (!Number.isFinite(next)) return;
    const snapped = snapToStep(next, min, max, step);
    if (snapped !== current) onChange(snapped);
  }

  // Latest props for the native wheel listener, which is attached once.
  const latest = useRef({ current, step, largeStep, disabled, commit });

  useEffect(() => {
    latest.current = { current, step, largeStep, disabled, commit };
  });

  // React's onWheel is passive, so it cannot stop the page from scrolling; a native listener can.
  useEffect(() => {
    const element = dialRef.current;
    if (!element) return;
    function handleWheel(event: WheelEvent) {
      const { current: now, step: small, largeStep: big, disabled: off, commit: apply } = latest.current;
      if (off || event.deltaY === 0) return;
      event.preventDefault();
      const direction = event.deltaY < 0 ? 1 : -1;
      apply(now + direction * (event.shiftKey ? big : small));
    }
    element.addEventListener('wheel', handleWheel, { passive: false });
    return () => element.removeEventListener('wheel', handleWheel);
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled) return;
    const moves: Record<string, number> = {
      ArrowUp: current + step,
      ArrowRight: current + step,
      ArrowDown: current - step,
      ArrowLeft: current - step,
      PageUp: current + largeStep,
      PageDown: current - largeStep,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    commit(next);
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { pointerId: event.pointerId, startY: event.clientY, startValue: current };
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    // Measured from where the drag started, so rounding never accumulates and a parent that rejects a
    // value does not make the knob drift.
    const pixels = drag.startY - event.clientY;
    const fine = event.shiftKey ? 0.25 : 1;
    commit(drag.startValue + (pixels / dragRange) * (max - min) * fine);
  }

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    if (dragRef.current?.pointerId !== event.pointerId) return;
    dragRef.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  }

  function handleDoubleClick() {
    if (!disabled && resetValue !== undefined) commit(resetValue);
  }

  return (
    <div css={wrapper} className={className}>
      <div
        ref={dialRef}
        id={id}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={labelId}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={current}
        aria-valuetext={valueText}
        aria-disabled={disabled || undefined}
        data-bipolar={bipolar || undefined}
        css={(theme) => dial(theme, size, disabled)}
        onKeyDown={handleKeyDown}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={handleDoubleClick}
      >
        <KnobDial value={current} min={min} max={max} bipolar={bipolar} disabled={disabled} />
      </div>
      <span id={labelId} css={(theme) => caption(theme, hideLabel)}>
        {label}
      </span>
      <span css={readout} aria-hidden="true">
        {valueText}
      </span>
    </div>
  );
}
