import { css, type Theme } from '@emotion/react';
import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, useFieldIds } from '../../internal/field-frame';
import { fieldControl } from '../../internal/field-styles';

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
  const ids = useFieldIds(id, error, hint, describedByProp);
  return (
    <FieldFrame ids={ids} label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <input id={ids.controlId} type={type} css={input} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...inputProps} />
    </FieldFrame>
  );
}
