import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Panel } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import type { PlanOfferDto } from '../api/billing';
import { MERCH_DISCOUNT_PERCENT, PLAN_NAME_IDS } from '../plan-content';

const scroller = css`
  overflow-x: auto;
`;

const table = (theme: Theme) => css`
  width: 100%;
  min-width: 32rem;
  border-collapse: collapse;

  th,
  td {
    padding: ${theme.space[3]};
    border-bottom: 1px solid ${theme.colors.border};
    text-align: center;
  }

  th[scope='row'],
  thead th:first-of-type {
    text-align: left;
    font-weight: 600;
  }

  thead th {
    font-size: ${theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${theme.colors.textMuted};
  }
`;

type Cell = { id: MessageId; values?: Record<string, number> };

/** Each row: its label and, per plan, the cell (from the plan's limits where the server has them). */
function rows(offers: PlanOfferDto[]): { label: MessageId; cells: Cell[] }[] {
  const yesNo = (yes: boolean): Cell => ({ id: yes ? 'subscription.compare.yes' : 'subscription.compare.no' });
  const by = (cell: (offer: PlanOfferDto) => Cell) => offers.map(cell);
  return [
    { label: 'subscription.compare.ads', cells: by((o) => ({ id: o.plan === 'basic' ? 'subscription.compare.adsEvery' : 'subscription.compare.none' })) },
    {
      label: 'subscription.compare.stations',
      cells: by((o) => ({ id: o.plan === 'basic' ? 'subscription.compare.count' : 'subscription.compare.stationsMore', values: { count: o.limits.stations } })),
    },
    {
      label: 'subscription.compare.quality',
      cells: by((o) => ({ id: ({ basic: 'subscription.compare.qualityStandard', premium: 'subscription.compare.quality320', ultra: 'subscription.compare.qualityLossless' } as const)[o.plan] })),
    },
    {
      label: 'subscription.compare.ai',
      cells: by((o) =>
        o.limits.aiGenerationsPerDay === null ? { id: 'subscription.compare.unlimited' } : { id: 'subscription.compare.count', values: { count: o.limits.aiGenerationsPerDay } },
      ),
    },
    { label: 'subscription.compare.studio', cells: by((o) => yesNo(o.limits.premiumStudioTools && o.limits.longTracks)) },
    { label: 'subscription.compare.api', cells: by((o) => ({ id: o.limits.apiPlan === 'developer' ? 'subscription.compare.apiDeveloper' : 'subscription.compare.apiFree' })) },
    { label: 'subscription.compare.support', cells: by((o) => yesNo(o.plan !== 'basic')) },
    {
      label: 'subscription.compare.merch',
      cells: by((o) => (o.plan === 'ultra' ? { id: 'subscription.feature.ultra.merch', values: { percent: MERCH_DISCOUNT_PERCENT } } : { id: 'subscription.compare.none' })),
    },
  ];
}

/** The comparison table: one row per feature, one column per plan. */
export function ComparisonTable({ offers }: { offers: PlanOfferDto[] }) {
  const t = useT();
  return (
    <Panel title={t('subscription.compare.title')}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
      <div css={scroller} tabIndex={0} role="region" aria-label={t('subscription.compare.title')}>
        <table css={table}>
          <thead>
            <tr>
              <th scope="col">{t('subscription.compare.feature')}</th>
              {offers.map((o) => (
                <th key={o.plan} scope="col">
                  {t(PLAN_NAME_IDS[o.plan])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows(offers).map((row) => (
              <tr key={row.label}>
                <th scope="row">{t(row.label)}</th>
                {row.cells.map((cell, i) => (
                  <td key={offers[i].plan}>{t(cell.id, cell.values)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
