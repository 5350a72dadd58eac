import { BadRequestException, ConflictException, ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { uniqueConflicts } from '../core/database/database-errors';

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
  keyInUrl: () =>
    new BadRequestException({ message: 'Send the API key in the Authorization header (Bearer), never in the URL', code: 'api_key_in_url' }),
};

// Two sign-ups of one address at once: the one the index refuses hears what a later one would.
uniqueConflicts.set('UQ_users_email', authErrors.userExists);
