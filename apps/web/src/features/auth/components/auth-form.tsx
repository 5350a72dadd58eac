import { Button, useToast } from '@grouarock/ui';
import { useId, useState, type FormEventHandler, type ReactNode } from 'react';
import { isAuthErrorCode, useAuthErrorText, type AuthAction } from '../auth-messages';
import { EmailNotConfirmed } from './email-not-confirmed';
import { alertBox, formStack } from './form-styles';

/** Where an auth form stands: on /auth (problems as toasts) or in the auth dialog (problems inside it). */
export type AuthFormVariant = 'page' | 'dialog';

export interface AuthFormFeedback<F extends string> {
  /** Says what is wrong with the values, about `field` when it is one field's fault. */
  report: (text: string, field?: F) => void;
  /** Says why the server refused `email`'s sign-in or sign-up (and offers a new link when it is unconfirmed). */
  refused: (error: unknown, action: AuthAction, email: string) => void;
  /** A field's aria-invalid and aria-describedby while the shown problem is its own. */
  fieldProps: (field: F) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** What the frame needs (AuthFormFrame). */
  frame: { variant: AuthFormVariant; clear: () => void; problem: ReactNode; describedBy?: string };
}

/** How an auth form reports a problem: a toast on the page, an alert in the dialog tied to the field at fault. */
export function useAuthFormFeedback<F extends string>(variant: AuthFormVariant): AuthFormFeedback<F> {
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const errorId = useId();
  const [problem, setProblem] = useState<{ text: string; field: F | null } | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const report = (text: string, field?: F) => (variant === 'dialog' ? setProblem({ text, field: field ?? null }) : show({ tone: 'error', title: text }));
  return {
    report,
    refused: (error, action, email) => {
      report(errorText(error, action));
      if (isAuthErrorCode(error, 'email_not_confirmed')) setUnconfirmedEmail(email);
    },
    fieldProps: (field) => (problem && problem.field === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}),
    frame: {
      variant,
      clear: () => {
        setProblem(null);
        setUnconfirmedEmail(null);
      },
      describedBy: problem ? errorId : undefined,
      problem: (
        <>
          {problem ? (
            <p id={errorId} role="alert" css={alertBox}>
              {problem.text}
            </p>
          ) : null}
          {unconfirmedEmail ? <EmailNotConfirmed email={unconfirmedEmail} /> : null}
        </>
      ),
    },
  };
}

export interface AuthFormFrameProps {
  feedback: AuthFormFeedback<string>['frame'];
  /** The form's name on /auth (the dialog is named by its title). */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  /** The submit button's text, idle and busy. */
  submit: { idle: string; busy: string };
  /** The fields; in the dialog they are disabled while busy. */
  fields: ReactNode;
  /** Below the submit button. */
  children?: ReactNode;
}

/**
 * The frame of the login and register forms: the fields, the problem (dialog) or the unconfirmed-email offer, the
 * submit button. The dialog lets the browser check the fields first; /auth checks its own rules and says so in toasts.
 */
export function AuthFormFrame({ feedback, label, onSubmit, busy, submit, fields, children }: AuthFormFrameProps) {
  const dialog = feedback.variant === 'dialog';
  return (
    <form
      css={formStack}
      onSubmit={(event) => {
        feedback.clear();
        onSubmit(event);
      }}
      noValidate={!dialog}
      aria-label={dialog ? undefined : label}
      aria-describedby={feedback.describedBy}
    >
      <fieldset css={formStack} disabled={dialog && busy}>
        {fields}
      </fieldset>
      {feedback.problem}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? submit.busy : submit.idle}
      </Button>
      {children}
    </form>
  );
}
