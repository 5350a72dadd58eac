import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary } from '@zxcvbn-ts/language-en';
import { dictionary as nlDictionary } from '@zxcvbn-ts/language-nl-be';
import { dictionary as plDictionary } from '@zxcvbn-ts/language-pl';
import type { EstimatePassword, PasswordScore } from './password-strength';

// Loaded only through loadPasswordEstimator() (its own chunk: the dictionaries are most of its weight). The options
// are the server's (apps/api/src/auth/password-policy.ts), so the meter says what the server will answer.

/** Our dictionaries share key names across languages (`commonWords`, `wikipedia`): each language gets its suffix. */
const suffixed = (words: Record<string, string[]>, language: string) =>
  Object.fromEntries(Object.entries(words).map(([name, list]) => [`${name}-${language}`, list]));

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...enDictionary, ...suffixed(plDictionary, 'pl'), ...suffixed(nlDictionary, 'nl') },
  graphs: adjacencyGraphs,
  // The server's PASSWORD_ANALYSED_LENGTH and L33T_MAX_SUBSTITUTIONS: bounded time per keystroke too.
  maxLength: 32,
  l33tMaxSubstitutions: 5,
});

export const estimatePassword: EstimatePassword = (password, userInputs) => {
  const { score, feedback } = zxcvbn.check(password, [...userInputs]);
  return { score: score as PasswordScore, warning: feedback.warning, suggestions: feedback.suggestions };
};
