import type { Problems } from '../../lib/form-schema';
import { PASSWORD_MIN_LENGTH } from './constants';

/** The two fields of every form that sets a password. */
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * The rules of a new password, for every form that sets one: the confirmation matches, and the password has at least
 * PASSWORD_MIN_LENGTH characters (the server checks the length too, and refuses a guessable password: the form shows
 * its strength as it is typed, NewPasswordFields). A mismatch comes first.
 */
export function newPasswordProblems({ password, confirmPassword }: NewPasswordValues): Problems<NewPasswordValues> {
  const problems: Problems<NewPasswordValues> = {};
  if (password !== confirmPassword) problems.confirmPassword = 'auth.validation.passwordsMismatch';
  if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'auth.validation.passwordTooShort';
  return problems;
}
