import { useId, type ReactNode } from 'react';
import { fieldError, fieldHint, fieldLabel, fieldStack } from './field-styles';
import { AlertIcon } from './icons';
import { visuallyHidden } from './visually-hidden';

/** The ids of a field's control, hint and error, and the control's aria-describedby (the error first: it is the more urgent). */
export function useFieldIds(id: string | undefined, error: string | undefined, hint: string | undefined, extraDescribedBy: string | undefined) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined, extraDescribedBy].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

export interface FieldFrameProps {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hideLabel?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  /** The control, with `id={ids.controlId}` and `aria-describedby={ids.describedBy}`. */
  children: ReactNode;
}

/** A text control's label above it and its hint and error under it (TextField, TextArea). */
export function FieldFrame({ ids, label, hideLabel = false, hint, error, className, children }: FieldFrameProps) {
  return (
    <div css={fieldStack} className={className}>
      <label htmlFor={ids.controlId} css={(theme) => [fieldLabel(theme), hideLabel && visuallyHidden]}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={ids.hintId} css={fieldHint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={ids.errorId} css={fieldError}>
          <AlertIcon />
          {error}
        </span>
      ) : null}
    </div>
  );
}
