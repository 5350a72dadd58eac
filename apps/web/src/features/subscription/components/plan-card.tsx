import { css, type Theme } from '@emotion/react';
import { Badge, Card, displayHeading } from '@grouarock/ui';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { NewTabHint } from '../../../lib/new-tab-hint';
import type { PlanOfferDto } from '../api/billing';
import { PLAN_NAME_IDS, planLines } from '../plan-content';

const head = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  min-height: 7.5rem;
`;

const name = (theme: Theme) => css`
  ${displayHeading(theme)}
  margin: 0;
  font-size: ${theme.fontSizes['3xl']};
`;

const price = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes['2xl']};
  font-weight: 700;

  & > span {
    margin-left: ${theme.space[1]};
    font-size: ${theme.fontSizes.sm};
    font-weight: 400;
    color: ${theme.colors.textMuted};
  }
`;

const trial = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.secondary};
  font-weight: 600;
  font-size: ${theme.fontSizes.sm};
`;

const listTitle = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${theme.colors.textMuted};
`;

const list = (theme: Theme, mark: string, color: string) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  & > li::before {
    content: '${mark}';
    display: inline-block;
    width: 1.5em;
    color: ${color};
    font-weight: 700;
  }
`;

const action = css`
  margin-top: auto;
`;

export interface PlanCardProps {
  offer: PlanOfferDto;
  badge?: 'popular' | 'vip';
  /** Shows "First 30 days free" under the price. */
  trial: boolean;
  /** The card's button (or nothing). */
  children?: ReactNode;
}

/** A plan: its name, badge, monthly price, what it gives and lacks, and its button. */
export function PlanCard({ offer, badge, trial: showTrial, children }: PlanCardProps) {
  const t = useT();
  const { features, limitations } = planLines(offer);
  const titleId = `plan-${offer.plan}-title`;
  return (
    <Card as="li" tone={badge === 'popular' ? 'highlight' : 'default'} padding="lg" aria-labelledby={titleId}>
      <div css={head}>
        {badge ? <Badge tone={badge === 'popular' ? 'secondary' : 'accent'}>{t(badge === 'popular' ? 'subscription.badge.popular' : 'subscription.badge.vip')}</Badge> : null}
        <h3 id={titleId} css={name}>
          {t(PLAN_NAME_IDS[offer.plan])}
        </h3>
        <p css={price}>
          {offer.priceUsd === 0 ? (
            t('subscription.plan.free')
          ) : (
            <>
              {t('subscription.plan.price', { price: offer.priceUsd })}
              <span>{t('subscription.plan.perMonth')}</span>
            </>
          )}
        </p>
        {showTrial && offer.priceUsd > 0 ? <p css={trial}>{t('subscription.plan.trial')}</p> : null}
      </div>
      <h4 css={listTitle}>{t('subscription.plan.features')}</h4>
      <ul css={(theme: Theme) => list(theme, '✓', theme.colors.success)}>
        {features.map((line) => (
          <li key={line.id}>
            {t(line.id, line.values)}
            {line.link ? (
              <>
                {' · '}
                <a href={line.link.href} target="_blank" rel="noopener noreferrer">
                  {t(line.link.label)}
                  <NewTabHint />
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {limitations.length ? (
        <>
          <h4 css={listTitle}>{t('subscription.plan.limitations')}</h4>
          <ul css={(theme: Theme) => list(theme, '✗', theme.colors.accentText)}>
            {limitations.map((line) => (
              <li key={line.id}>{t(line.id, line.values)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div css={action}>{children}</div>
    </Card>
  );
}
