import { css, type Theme } from '@emotion/react';
import { useId, type ComponentPropsWithRef } from 'react';
import { fieldControl, fieldError, fieldHint, fieldLabel, fieldStack } from '../../internal/field-styles';
import { AlertIcon } from '../../internal/icons';
import { visuallyHidden } from '../../internal/visually-hidden';

export type TextFieldType = 'text' | 'email' | 'password' | 'search' | 'tel' | 'url';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'size'> {
  /** Visible label, also the input's accessible name. */
  label: string;
  /** Help text under the input ("Co najmniej 8 znaków"), linked with aria-describedby. */
  hint?: string;
  /** Error text; when set the input is aria-invalid and describes itself with the message. */
  error?: string;
  type?: TextFieldType;
  /** Keep the label for screen readers only (e.g. a search box next to a search icon). */
  hideLabel?: boolean;
}

const input = (theme: Theme) => css`
  ${fieldControl(theme)};

  &::placeholder {
    color: ${theme.colors.textMuted};
  }
`;

/**
 * A labelled text input. `ref` reaches the <input> (React 19 passes it as a normal prop), so forms can
 * focus the first invalid field.
 */
export function TextField({
  label,
  hint,
  error,
  type = 'text',
  hideLabel = false,
  id,
  className,
  'aria-describedby': describedByProp,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  // Error first: it is the more urgent message when a screen reader reads the description.
  const describedBy =
    [error ? errorId : undefined, hint ? hintId : undefined, describedByProp].filter(Boolean).join(' ') || undefined;

  return (
    <div css={fieldStack} className={className}>
      <label htmlFor={inputId} css={(theme) => [fieldLabel(theme), hideLabel && visuallyHidden]}>
        {label}
      </label>
      <input
        id={inputId}
        type={type}
        css={input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint ? (
        <span id={hintId} css={fieldHint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} css={fieldError}>
          <AlertIcon />
          {error}
        </span>
      ) : null}
    </div>
  );
}
