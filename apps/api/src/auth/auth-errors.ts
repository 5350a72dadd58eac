import { BadRequestException, ConflictException, ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { uniqueConflicts } from '../core/database/database-errors';

/** The ways an account can prove it is its owner, as the errors that ask for it list them. */
export type SignInFactor = 'password' | 'totp' | 'recovery' | 'passkey' | 'email_code';

/**
 * Why a new password was refused, in zxcvbn's English words (the error body's fields are fixed by the exception
 * filter: the web app says the same reason in the person's language, as they type, from the same estimator).
 */
export interface PasswordReason {
  message: string;
}

/** The errors clients act on, each with its stable `code`. */
export const authErrors = {
  invalidCredentials: () => new BadRequestException({ message: 'Invalid login credentials', code: 'invalid_credentials' }),
  emailNotConfirmed: () =>
    new ForbiddenException({ message: 'Email not confirmed: open the link we sent you, or ask for a new one', code: 'email_not_confirmed' }),
  userExists: () => new ConflictException({ message: 'User already registered', code: 'user_already_exists' }),
  emailTaken: () => new ConflictException({ message: 'This email belongs to another account', code: 'email_taken' }),
  invalidRefreshToken: () => new UnauthorizedException({ message: 'Invalid or expired refresh token', code: 'invalid_refresh_token' }),
  refreshTokenReused: () =>
    new UnauthorizedException({ message: 'Refresh token already used: the session was ended for safety', code: 'refresh_token_reused' }),
  invalidToken: () => new BadRequestException({ message: 'The link is invalid or has expired', code: 'invalid_token' }),
  invalidCurrentPassword: () => new BadRequestException({ message: 'The current password is wrong', code: 'invalid_current_password' }),
  currentPasswordRequired: () =>
    new BadRequestException({ message: 'current_password is required to change the password', code: 'current_password_required', fields: ['current_password'] }),
  /** A new password from the lists of the most used and breached ones (README.md, "Passwords"). */
  passwordTooCommon: (reason: PasswordReason) =>
    new BadRequestException({
      message: `This password is one of the most commonly used or breached: choose another. ${reason.message}`.trim(),
      code: 'password_too_common',
      fields: ['password'],
    }),
  /** A new password easy to guess for another reason (a name, the account's email, a pattern): the message says which. */
  passwordWeak: (reason: PasswordReason) =>
    new BadRequestException({
      message: `This password is too easy to guess: choose a longer or less predictable one. ${reason.message}`.trim(),
      code: 'password_weak',
      fields: ['password'],
    }),
  missingGrantFields: (fields: string[]) =>
    new BadRequestException({ message: fields.map((f) => `${f} is required for this grant_type`), fields }),
  unauthenticated: (message = 'Missing or invalid access token') => new UnauthorizedException({ message, code: 'invalid_access_token' }),
  /** RFC 6750's answer to a bad bearer token, so that HTTP clients know to stop retrying with it. */
  invalidApiKey: () =>
    Object.assign(new UnauthorizedException({ message: 'The API key is not valid, or has been revoked or has expired', code: 'invalid_api_key' }), {
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    }),
  insufficientScope: () =>
    Object.assign(new ForbiddenException({ message: 'This API key is read-only: it may only GET', code: 'insufficient_scope' }), {
      headers: { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="full-access"' },
    }),
  sessionRequired: () =>
    new ForbiddenException({ message: 'This needs you signed in on the site: API keys cannot do it', code: 'session_required' }),
  /** A password (or OAuth, or mail link) sign-in of an account with a second factor: the token carries it to the next step. */
  mfaRequired: (mfaToken: string, factors: SignInFactor[]) =>
    new ForbiddenException({ message: 'Enter the code from your authenticator app, a recovery code, or use a passkey', code: 'mfa_required', mfa_token: mfaToken, factors }),
  invalidMfaToken: () => new UnauthorizedException({ message: 'The sign-in step has expired: sign in again', code: 'invalid_mfa_token' }),
  invalidMfaCode: () => new BadRequestException({ message: 'The code is wrong, expired or was used already', code: 'invalid_mfa_code', fields: ['code'] }),
  /** A sensitive action in a session whose owner last proved who they are more than 10 minutes ago (issue 39). */
  reauthenticationRequired: (factors: SignInFactor[]) =>
    new UnauthorizedException({ message: 'Confirm it is you to do this: enter your password, a code or use a passkey', code: 'reauthentication_required', factors }),
  invalidPasskey: () => new BadRequestException({ message: 'This passkey was not accepted: try again, or sign in another way', code: 'invalid_passkey' }),
  oneProof: () =>
    new BadRequestException({ message: 'Send exactly one of password, code, passkey or email_code', code: 'one_proof_required', fields: ['password', 'code', 'passkey', 'email_code'] }),
  emailCodeUnavailable: () =>
    new BadRequestException({ message: 'This account confirms it is its owner with its password, app or passkey, not a mailed code', code: 'email_code_unavailable' }),
  keyInUrl: () =>
    new BadRequestException({ message: 'Send the API key in the Authorization header (Bearer), never in the URL', code: 'api_key_in_url' }),
};

/**
 * Where a browser sign-in that ended in mfa_required goes (an OAuth callback, a mail link): the sign-in page's second
 * step, the token in the fragment (never sent to a server, never in a log), then on to `next`.
 */
export function secondStepUrl(publicUrl: string, error: unknown, next = '/'): string | undefined {
  const body = error instanceof ForbiddenException ? (error.getResponse() as { code?: string; mfa_token?: string }) : undefined;
  if (body?.code !== 'mfa_required' || !body.mfa_token) return undefined;
  return `${publicUrl}/auth?next=${encodeURIComponent(next)}#mfa_token=${encodeURIComponent(body.mfa_token)}`;
}

// Two sign-ups of one address at once: the one the index refuses hears what a later one would.
uniqueConflicts.set('UQ_users_email', authErrors.userExists);
