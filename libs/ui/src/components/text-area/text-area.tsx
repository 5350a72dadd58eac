import { css, type Theme } from '@emotion/react';
import type { ComponentPropsWithRef } from 'react';
import { FieldFrame, useFieldIds } from '../../internal/field-frame';
import { fieldControl } from '../../internal/field-styles';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'> {
  /** Visible label, also the text area's accessible name. */
  label: string;
  /** Help text under it, linked with aria-describedby. */
  hint?: string;
  /** Error text; when set it is aria-invalid and describes itself with the message. */
  error?: string;
}

const area = (theme: Theme) => css`
  ${fieldControl(theme)};
  min-height: 6rem;
  resize: vertical;
  font-family: inherit;
  line-height: ${theme.lineHeights.normal};

  &::placeholder {
    color: ${theme.colors.textMuted};
  }
`;

/** A labelled multi-line text field (a description, a message), the same chrome as TextField. */
export function TextArea({ label, hint, error, id, className, 'aria-describedby': describedByProp, ...areaProps }: TextAreaProps) {
  const ids = useFieldIds(id, error, hint, describedByProp);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea id={ids.controlId} css={area} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...areaProps} />
    </FieldFrame>
  );
}
