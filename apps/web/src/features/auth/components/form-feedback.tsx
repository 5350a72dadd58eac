import { css, type Theme } from '@emotion/react';
import { useToast } from '@grouarock/ui';
import { useId, useState, type ReactNode } from 'react';

const alert = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.accentText};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.errorTint};
  color: ${theme.colors.text};
`;

/** Where an auth form stands: on /auth (problems as toasts) or in the auth dialog (problems inside it). */
export type AuthFormVariant = 'page' | 'dialog';

export interface FormFeedback<F extends string> {
  /** Says what went wrong, about `field` when it is one field's fault. */
  report: (text: string, field?: F) => void;
  clear: () => void;
  /** A field's aria-invalid and aria-describedby while the shown problem is its own. */
  fieldProps: (field: F) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The form's aria-describedby while a problem is shown. */
  formProps: { 'aria-describedby'?: string };
  /** The problem shown in place (dialog), or null. */
  alert: ReactNode;
}

/** How an auth form reports a problem: a toast on the page, an alert in the dialog tied to the field at fault. */
export function useFormFeedback<F extends string>(variant: AuthFormVariant): FormFeedback<F> {
  const { show } = useToast();
  const errorId = useId();
  const [problem, setProblem] = useState<{ text: string; field: F | null } | null>(null);
  return {
    report: (text, field) => (variant === 'dialog' ? setProblem({ text, field: field ?? null }) : show({ tone: 'error', title: text })),
    clear: () => setProblem(null),
    fieldProps: (field) => (problem && problem.field === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}),
    formProps: problem ? { 'aria-describedby': errorId } : {},
    alert: problem ? (
      <p id={errorId} role="alert" css={alert}>
        {problem.text}
      </p>
    ) : null,
  };
}
