import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Panel } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import type { Plan } from '../api/billing';
import { PLAN_NAME_IDS } from '../plan-content';

const QUESTIONS: { q: MessageId; a: MessageId }[] = [
  { q: 'subscription.faq.cancel.q', a: 'subscription.faq.cancel.a' },
  { q: 'subscription.faq.student.q', a: 'subscription.faq.student.a' },
  { q: 'subscription.faq.tracks.q', a: 'subscription.faq.tracks.a' },
];

const item = (theme: Theme) => css`
  border-bottom: 1px solid ${theme.colors.border};
  padding: ${theme.space[3]} 0;

  summary {
    cursor: pointer;
    font-weight: 600;
  }

  p {
    margin: ${theme.space[2]} 0 0;
    color: ${theme.colors.textMuted};
  }
`;

/**
 * The three questions, each opening its answer (native disclosure: keyboard and screen readers for free).
 * `defaultPlan` is the plan a cancelled subscription falls back to on this installation (DEFAULT_PLAN).
 */
export function Faq({ defaultPlan }: { defaultPlan: Plan }) {
  const t = useT();
  const plan = t(PLAN_NAME_IDS[defaultPlan]);
  return (
    <Panel title={t('subscription.faq.title')}>
      {QUESTIONS.map(({ q, a }) => (
        <details key={q} css={item}>
          <summary>{t(q)}</summary>
          <p>{t(a, { plan })}</p>
        </details>
      ))}
    </Panel>
  );
}
