import type { MessageId } from '@grouarock/i18n';
import { useCallback } from 'react';
import { useT } from '../../lib/i18n';
import { ApiError } from '../../lib/api';

/** What the user was doing when an auth call failed; it picks the "unexpected error" text. */
export type AuthAction = 'login' | 'signup' | 'logout' | 'recovery' | 'request';

const unexpected: Record<AuthAction, MessageId> = {
  login: 'auth.toast.loginUnexpected',
  signup: 'auth.toast.signupUnexpected',
  logout: 'auth.toast.logoutUnexpected',
  recovery: 'auth.recovery.unexpected',
  request: 'auth.toast.requestUnexpected',
};

/** Reasons the server names with a `code` that have their own text. */
const byCode: Record<string, MessageId> = {
  invalid_credentials: 'auth.toast.invalidCredentials',
  user_already_exists: 'auth.toast.emailTaken',
  // PUT /auth/user with an address that belongs to another account (a guest creating a full account).
  email_taken: 'auth.toast.emailTaken',
  email_not_confirmed: 'auth.emailNotConfirmed.text',
  invalid_current_password: 'auth.toast.wrongCurrentPassword',
  invalid_token: 'auth.recovery.invalidToken',
  // A new password the server refused (README.md, "Passwords"); the form's meter names the reason as it is typed.
  password_too_common: 'auth.toast.passwordTooCommon',
  password_weak: 'auth.toast.passwordWeak',
  // The second step of a sign-in, passkeys, and confirming it is you (issue 39).
  invalid_mfa_code: 'auth.error.invalidMfaCode',
  invalid_mfa_token: 'auth.error.mfaExpired',
  invalid_passkey: 'auth.error.invalidPasskey',
  // A change that needed a recent sign-in, and the person closed the dialog that asked them to confirm it is them.
  reauthentication_required: 'auth.error.reauthenticationRequired',
};

/** Validation failures of one field, said in the user's language rather than the server's. */
const byField: Record<string, MessageId> = {
  email: 'auth.error.emailInvalid',
  username: 'auth.error.usernameInvalid',
  password: 'auth.validation.passwordTooShort',
};

export type AuthMessage = { id: MessageId; values?: Record<string, number | string> } | { text: string };

/**
 * The message for a failed auth call, following the product's toast table: known reasons get their fixed text,
 * other refusals the server's own message, and no answer at all (or a bug) the "unexpected error" text.
 */
export function authErrorMessage(error: unknown, action: AuthAction): AuthMessage {
  if (!(error instanceof ApiError) || error.retryable) return { id: unexpected[action] };
  if (error.status === 429) {
    return error.retryAfterSeconds
      ? { id: 'auth.toast.rateLimited', values: { seconds: error.retryAfterSeconds } }
      : { id: 'auth.toast.rateLimitedSoon' };
  }
  const known = error.code ? byCode[error.code] : undefined;
  if (known) return { id: known };
  const field = error.status === 400 ? error.fields?.find((f) => byField[f]) : undefined;
  if (field) return { id: byField[field] };
  return error.message ? { text: error.message } : { id: unexpected[action] };
}

export function isAuthErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** `errorText(error, 'login')`: the translated message for a failed auth call. */
export function useAuthErrorText(): (error: unknown, action: AuthAction) => string {
  const t = useT();
  return useCallback(
    (error: unknown, action: AuthAction) => {
      const message = authErrorMessage(error, action);
      return 'text' in message ? message.text : t(message.id, message.values);
    },
    [t],
  );
}
