import { Injectable } from '@nestjs/common';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary, translations as en } from '@zxcvbn-ts/language-en';
import { dictionary as nlDictionary } from '@zxcvbn-ts/language-nl-be';
import { dictionary as plDictionary } from '@zxcvbn-ts/language-pl';
import { authErrors } from './auth-errors';

/**
 * The lowest zxcvbn score a new password may have (0–4). 3 means "safely unguessable: moderate protection from an
 * offline slow-hash scenario" (≥ 10^8 guesses): our hashes are argon2id, so that is the level the estimate is made
 * for. 2 lets through passwords such as "squatter-1"; 4 refuses "riff-raff-1977" or "nowe-haslo".
 * README.md, "Passwords".
 */
export const PASSWORD_MIN_SCORE = 3;

/**
 * How many characters zxcvbn analyses (it reads only the start of a longer password). Its repeat and l33t matchers
 * grow quickly with length (a 64-character pattern took a second of CPU), and a password whose first 32 characters
 * are strong is strong: this keeps one check within milliseconds. The web app uses the same limits
 * (apps/web/src/features/auth/password-strength.ts).
 */
export const PASSWORD_ANALYSED_LENGTH = 32;

/** How many l33t substitutions (4→a, 0→o…) are tried per word: 100 by default, which costs 10× the time for nothing "p@55w0rd" needs. */
export const L33T_MAX_SUBSTITUTIONS = 5;

/** The warnings that say the password is in (or close to) the lists of the most used and breached passwords. */
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'pwned']);

/** Our dictionaries share key names across languages (`commonWords`, `wikipedia`): each language gets its suffix. */
function suffixed(words: Record<string, string[]>, language: string): Record<string, string[]> {
  return Object.fromEntries(Object.entries(words).map(([name, list]) => [`${name}-${language}`, list]));
}

/** What zxcvbn said about a password: its score and its reason, as zxcvbn's translation keys. */
export interface PasswordVerdict {
  score: number;
  /** e.g. `common`, `userInputs`, `namesByThemselves`; null when zxcvbn names no single reason. */
  warning: string | null;
  /** e.g. `anotherWord`, `l33t`. */
  suggestions: string[];
}

/**
 * Refuses the passwords people and attackers guess first, offline: zxcvbn with the common (breached) passwords list
 * and the English, Polish and Dutch dictionaries, plus the account's own email and names. Every place a password is
 * set (sign-up, reset, change) calls `assertStrong`.
 */
@Injectable()
export class PasswordPolicy {
  private factory?: ZxcvbnFactory;

  /**
   * Built once per process, on the first password set (0.5–0.8 s and tens of MB for ~400 k words on a loaded CI
   * machine), so a process that never takes one does not pay for it at boot.
   */
  private get zxcvbn(): ZxcvbnFactory {
    this.factory ??= new ZxcvbnFactory({
      dictionary: {
        ...commonDictionary,
        ...enDictionary,
        ...suffixed(plDictionary, 'pl'),
        ...suffixed(nlDictionary, 'nl'),
      },
      graphs: adjacencyGraphs,
      maxLength: PASSWORD_ANALYSED_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
    return this.factory;
  }

  /** The user's own data, split so that "fan", "example" and "fan@example.com" each count. */
  static userInputs(...values: (string | null | undefined)[]): string[] {
    const inputs = new Set<string>();
    for (const value of values) {
      if (!value) continue;
      const lower = value.toLowerCase();
      inputs.add(lower);
      inputs.add(lower.replace(/[^\p{L}\p{N}]+/gu, '')); // "fanexamplecom", and "fanexample" below
      const parts = lower.split(/[@._\s+-]+/).filter((part) => part.length >= 3);
      for (const part of parts) inputs.add(part);
      if (lower.includes('@')) {
        inputs.add(parts.slice(0, -1).join(''));
        inputs.add(lower.slice(0, lower.indexOf('@')).replace(/[^\p{L}\p{N}]+/gu, '')); // "sidvicious" of sid.vicious@…
      }
    }
    return [...inputs].filter((input) => input.length > 0);
  }

  verdict(password: string, userInputs: string[] = []): PasswordVerdict {
    // Without `translations`, zxcvbn's feedback is its keys: the client says them in the person's language.
    const { score, feedback }: ZxcvbnResult = this.zxcvbn.check(password, userInputs);
    return { score, warning: feedback.warning, suggestions: feedback.suggestions };
  }

  /** Throws the 400 the person can act on (`password_too_common` or `password_weak`, with zxcvbn's reason). */
  assertStrong(password: string, userInputs: string[] = []): void {
    const verdict = this.verdict(password, userInputs);
    if (verdict.score >= PASSWORD_MIN_SCORE) return;
    const reason = {
      message: [verdict.warning && en.warnings[verdict.warning as keyof typeof en.warnings], ...verdict.suggestions.map((s) => en.suggestions[s as keyof typeof en.suggestions])]
        .filter(Boolean)
        .join(' '),
    };
    throw verdict.warning && COMMON_WARNINGS.has(verdict.warning) ? authErrors.passwordTooCommon(reason) : authErrors.passwordWeak(reason);
  }
}
