import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { fieldControl, fieldHint, fieldLabel, fieldStack } from '../../internal/field-styles';
import { ChevronDownIcon } from '../../internal/icons';

export interface SelectOption {
  value: string;
  /** Visible (translated) option text. */
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** Visible label, also the control's accessible name (e.g. "Gatunek"). */
  label: string;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Shown while nothing is selected, e.g. "Wybierz gatunek". */
  placeholder?: string;
  /** Help text under the field, linked with aria-describedby. */
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  /** Form field name, so forms submit the value. */
  name?: string;
  id?: string;
  className?: string;
}

const box = css`
  position: relative;
  display: flex;
  align-items: center;
`;

const control = (theme: Theme) => css`
  ${fieldControl(theme)};
  appearance: none;
  padding-right: ${theme.space[8]};
  cursor: pointer;
  text-overflow: ellipsis;

  &:invalid,
  &[data-placeholder='true'] {
    color: ${theme.colors.textMuted};
  }

  & > option {
    background: ${theme.colors.surfaceRaised};
    color: ${theme.colors.text};
  }
`;

const chevron = (theme: Theme) => css`
  position: absolute;
  right: ${theme.space[3]};
  display: inline-flex;
  color: ${theme.colors.textMuted};
  pointer-events: none;
`;

/**
 * A labelled dropdown on the browser's own select: type-ahead, arrow keys and the platform's picker (the
 * native sheet on phones), with no script to load.
 */
export function Select(props: SelectProps) {
  const { label, options, value, defaultValue, onValueChange, placeholder, hint, id, className, ...native } = props;
  // Passing `value` at all (even undefined: nothing picked yet) makes it controlled.
  const controlled = 'value' in props;
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = `${selectId}-hint`;
  const showsPlaceholder = Boolean(placeholder) && (value ?? defaultValue ?? '') === '';

  return (
    <div css={fieldStack} className={className}>
      <label htmlFor={selectId} css={fieldLabel}>
        {label}
      </label>
      <div css={box}>
        <select
          id={selectId}
          css={control}
          aria-describedby={hint ? hintId : undefined}
          data-placeholder={showsPlaceholder}
          {...(controlled ? { value: value ?? '' } : { defaultValue: defaultValue ?? (placeholder ? '' : undefined) })}
          onChange={(event) => onValueChange?.(event.target.value)}
          {...native}
        >
          {placeholder ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <span css={chevron} aria-hidden="true">
          <ChevronDownIcon />
        </span>
      </div>
      {hint ? (
        <span id={hintId} css={fieldHint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
