import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { loadPasswordEstimator, PASSWORD_MIN_SCORE, verdictReasons, type PasswordVerdict } from '../password-strength';

/** How long typing must pause before the password is estimated. */
const TYPING_PAUSE_MS = 250;

type Estimate = { status: 'loading' } | { status: 'error' } | { status: 'ready'; verdict: PasswordVerdict };

/** zxcvbn's verdict on the password as it is typed; the dictionaries are fetched on first use (password-strength.ts). */
export function usePasswordVerdict(password: string, userInputs: readonly string[]): Estimate | null {
  const [result, setResult] = useState<{ key: string; estimate: Estimate } | null>(null);
  const inputsKey = userInputs.join('\n');
  const key = `${password}\n\n${inputsKey}`;
  useEffect(() => {
    if (!password) return;
    let current = true;
    // Estimated once typing pauses, not on every keystroke: a phone stays responsive, and the dictionaries are
    // fetched only when someone actually types a password.
    const timer = setTimeout(() => {
      loadPasswordEstimator().then(
        (estimatePassword) => {
          if (current) setResult({ key, estimate: { status: 'ready', verdict: estimatePassword(password, inputsKey ? inputsKey.split('\n') : []) } });
        },
        () => {
          if (current) setResult({ key, estimate: { status: 'error' } });
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey, key]);
  if (!password) return null;
  if (result?.key === key) return result.estimate;
  // The latest keystroke is still being estimated: keep the last verdict on screen rather than flicker.
  return result?.estimate.status === 'ready' ? result.estimate : { status: 'loading' };
}

const scoreText: Record<PasswordVerdict['score'], MessageId> = {
  0: 'auth.strength.score.0',
  1: 'auth.strength.score.1',
  2: 'auth.strength.score.2',
  3: 'auth.strength.score.3',
  4: 'auth.strength.score.4',
};

const box = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  margin-top: calc(-1 * ${theme.space[2]});
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;

  p,
  ul {
    margin: 0;
  }

  ul {
    padding-left: ${theme.space[5]};
  }
`;

const bar = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: ${theme.space[1]};
  height: 0.375rem;
`;

/** Segments lit up to the score; red below what the server accepts, green from it (the text says it too). */
const segment = (theme: Theme, lit: boolean, accepted: boolean) => css`
  border: 1px solid ${theme.colors.borderStrong};
  background: ${lit ? (accepted ? theme.colors.success : theme.colors.accentText) : theme.colors.surfaceSunken};
`;

const verdictLine = (theme: Theme, accepted: boolean) => css`
  color: ${accepted ? theme.colors.success : theme.colors.accentText};
  font-weight: ${theme.fontWeights.semibold};
`;

export interface PasswordStrengthMeterProps {
  /** Tied to the password field with aria-describedby. */
  id: string;
  password: string;
  /** The account's email and names (passwordUserInputs): a password made of them is weak. */
  userInputs?: readonly string[];
}

/**
 * How hard the new password is to guess, live: a meter, whether the server will take it, and zxcvbn's reasons in the
 * person's language. Nothing while the field is empty; the server checks again on submit whatever this shows.
 */
export function PasswordStrengthMeter({ id, password, userInputs = [] }: PasswordStrengthMeterProps) {
  const t = useT();
  const estimate = usePasswordVerdict(password, userInputs);
  return (
    // Polite: read out when the person pauses, not over every keystroke's echo.
    <div id={id} css={box} aria-live="polite" data-testid="password-strength">
      {estimate?.status === 'loading' ? <p>{t('auth.strength.loading')}</p> : null}
      {estimate?.status === 'error' ? <p>{t('auth.strength.unavailable')}</p> : null}
      {estimate?.status === 'ready' ? <Verdict verdict={estimate.verdict} /> : null}
    </div>
  );
}

function Verdict({ verdict }: { verdict: PasswordVerdict }) {
  const t = useT();
  const accepted = verdict.score >= PASSWORD_MIN_SCORE;
  const label = t(scoreText[verdict.score]);
  const reasons = verdictReasons(verdict);
  return (
    <>
      <div
        role="meter"
        aria-label={t('auth.strength.label')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={verdict.score}
        aria-valuetext={label}
        css={bar}
      >
        {[1, 2, 3, 4].map((step) => (
          <span key={step} css={(theme: Theme) => segment(theme, verdict.score >= step, accepted)} />
        ))}
      </div>
      <p css={(theme: Theme) => verdictLine(theme, accepted)}>{t('auth.strength.summary', { score: label })}</p>
      <p>{t(accepted ? 'auth.strength.accepted' : 'auth.strength.refused')}</p>
      {reasons.length ? (
        <ul>
          {reasons.map((reason) => (
            <li key={reason}>{t(reason)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
