import type { MessageId } from '@grouarock/i18n';

/**
 * The lowest zxcvbn score (0–4) the server accepts for a new password: the API's PASSWORD_MIN_SCORE
 * (apps/api/src/auth/password-policy.ts; why 3 in README.md, "Passwords"). Here it only colours the meter
 * and says whether the server will take the password: the server decides.
 */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** What zxcvbn said: the score and its reasons, as zxcvbn's keys (`common`, `userInputs`, `anotherWord`…). */
export interface PasswordVerdict {
  score: PasswordScore;
  warning: string | null;
  suggestions: string[];
}

export type EstimatePassword = (password: string, userInputs: readonly string[]) => PasswordVerdict;

let estimator: Promise<EstimatePassword> | undefined;

/**
 * The estimator with its dictionaries (a chunk of its own, fetched the first time a form that sets a password
 * appears, so no other page pays for it). A failed fetch is tried again next time.
 */
export function loadPasswordEstimator(): Promise<EstimatePassword> {
  estimator ??= import('./password-estimator').then(
    (module) => module.estimatePassword,
    (error: unknown) => {
      estimator = undefined;
      throw error;
    },
  );
  return estimator;
}

/** The account's own data as the server counts it (PasswordPolicy.userInputs): "fan", "example", "fanexample"… */
export function passwordUserInputs(...values: (string | null | undefined)[]): string[] {
  const inputs = new Set<string>();
  for (const value of values) {
    if (!value?.trim()) continue;
    const lower = value.trim().toLowerCase();
    inputs.add(lower);
    inputs.add(lower.replace(/[^\p{L}\p{N}]+/gu, ''));
    const parts = lower.split(/[@._\s+-]+/).filter((part) => part.length >= 3);
    for (const part of parts) inputs.add(part);
    if (lower.includes('@')) {
      inputs.add(parts.slice(0, -1).join(''));
      inputs.add(lower.slice(0, lower.indexOf('@')).replace(/[^\p{L}\p{N}]+/gu, '')); // "sidvicious" of sid.vicious@…
    }
  }
  return [...inputs].filter((input) => input.length > 0);
}

const WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'pwned',
] as const;

const SUGGESTIONS = [
  'l33t',
  'reverseWords',
  'allUppercase',
  'capitalization',
  'dates',
  'recentYears',
  'associatedYears',
  'sequences',
  'repeated',
  'longerKeyboardPattern',
  'anotherWord',
  'useWords',
  'noNeed',
  'pwned',
] as const;

const known = <T extends string>(list: readonly T[], key: string | null): key is T => key !== null && (list as readonly string[]).includes(key);

/** The reasons to show, in our dictionaries' words: zxcvbn's warning first, then its suggestions. */
export function verdictReasons({ warning, suggestions }: Pick<PasswordVerdict, 'warning' | 'suggestions'>): MessageId[] {
  return [
    ...(known(WARNINGS, warning) ? [`auth.strength.warning.${warning}` as const] : []),
    ...suggestions.filter((s) => known(SUGGESTIONS, s)).map((s) => `auth.strength.suggestion.${s}` as MessageId),
  ];
}
