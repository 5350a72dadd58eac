import { css, type Theme } from '@emotion/react';
import { Button, Panel, Select, Spinner, Stack, TextField } from '@grouarock/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { externalLinks } from '../../../lib/external-links';
import { useT } from '../../../lib/i18n';
import { useApiPlans, type ApiPlanOfferDto } from '../api/keys';
import { apiCost, numberInput } from '../api-reference';
import { dataTable, muted, scrollX } from './styles';

const fields = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${theme.space[3]};
  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }
`;

const total = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
`;

/** The external page the calculator's report opens, with the spec's query: requests, plan and streaming. */
export function reportUrl(plan: string, requests: number, streamingGb: number): string {
  return `${externalLinks.apiCostReport}?${new URLSearchParams({ requests: String(requests), plan, streaming: String(streamingGb) }).toString()}`;
}

function Calculator({ plans, plnPerGb }: { plans: ApiPlanOfferDto[]; plnPerGb: number }) {
  const t = useT();
  const intl = useIntl();
  const [plan, setPlan] = useState('startup');
  const [requestsText, setRequestsText] = useState('25000');
  const [streamingText, setStreamingText] = useState('10');
  const offer = plans.find((p) => p.plan === plan) ?? plans[0];
  const requests = numberInput(requestsText);
  const streamingGb = numberInput(streamingText);
  const terms = { base: offer.calculatorBase, included: offer.calculatorIncluded, extraPerRequest: offer.calculatorExtraPerRequest };
  const cost = apiCost(terms, requests, streamingGb, plnPerGb);
  const pln = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 3 });
  return (
    <Panel title={t('developer.calc.title')}>
      <Stack gap={3}>
        <div css={fields}>
          <Select
            label={t('developer.calc.plan')}
            value={plan}
            onValueChange={setPlan}
            options={plans.map((p) => ({ value: p.plan, label: t('developer.pricing.planName', { plan: p.plan }) }))}
          />
          <TextField label={t('developer.calc.requests')} inputMode="numeric" value={requestsText} onChange={(e) => setRequestsText(e.target.value)} />
          <TextField label={t('developer.calc.streaming')} inputMode="decimal" value={streamingText} onChange={(e) => setStreamingText(e.target.value)} />
        </div>
        <p css={total} role="status" aria-live="polite">
          {t('developer.calc.total', { total: pln(cost) })}
        </p>
        <p css={muted}>
          {t('developer.calc.breakdown', {
            base: pln(terms.base),
            extra: intl.formatNumber(Math.max(0, requests - terms.included)),
            rate: pln(terms.extraPerRequest),
            gb: pln(streamingGb),
            perGb: pln(plnPerGb),
          })}
        </p>
        <div>
          <Button asChild variant="secondary">
            <a href={reportUrl(plan, requests, streamingGb)} target="_blank" rel="noopener noreferrer">
              {t('developer.calc.report')}
            </a>
          </Button>
        </div>
      </Stack>
    </Panel>
  );
}

/** The API plans as a table (from GET /developer/plans, so the page shows what the API enforces) and the calculator. */
export function ApiPricing() {
  const t = useT();
  const intl = useIntl();
  const { data, error, isLoading, mutate } = useApiPlans();
  const count = (value: number | null) => (value === null ? t('developer.pricing.unlimited') : intl.formatNumber(value));
  return (
    <section aria-labelledby="api-pricing">
      <Stack gap={4}>
        <h2 id="api-pricing">{t('developer.pricing.title')}</h2>
        <p css={muted}>{t('developer.pricing.lead')}</p>
        {isLoading ? <Spinner label={t('developer.pricing.loading')} /> : null}
        {error && !isLoading ? (
          <p role="alert">
            {t('developer.pricing.error')}{' '}
            <Button size="sm" variant="ghost" onClick={() => void mutate()}>
              {t('developer.pricing.retry')}
            </Button>
          </p>
        ) : null}
        {data ? (
          <>
            <div css={scrollX}>
              <table css={dataTable}>
                <thead>
                  <tr>
                    <th scope="col">{t('developer.pricing.plan')}</th>
                    <th scope="col">{t('developer.pricing.price')}</th>
                    <th scope="col">{t('developer.pricing.month')}</th>
                    <th scope="col">{t('developer.pricing.minute')}</th>
                    <th scope="col">{t('developer.pricing.burst')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.plans.map((p) => (
                    <tr key={p.plan}>
                      <th scope="row">{t('developer.pricing.planName', { plan: p.plan })}</th>
                      <td>{t('developer.pricing.priceValue', { contact: p.pricePln === null, price: intl.formatNumber(p.pricePln ?? 0) })}</td>
                      <td>{count(p.monthlyRequests)}</td>
                      <td>{p.plan === 'enterprise' ? t('developer.pricing.notShown') : intl.formatNumber(p.perMinute)}</td>
                      <td>{p.plan === 'enterprise' ? t('developer.pricing.notShown') : intl.formatNumber(p.burst)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Calculator plans={data.plans} plnPerGb={data.streamingPlnPerGb} />
          </>
        ) : null}
      </Stack>
    </section>
  );
}
