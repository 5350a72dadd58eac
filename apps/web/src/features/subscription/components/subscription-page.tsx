import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import { Button, Grid, Page, PageTitle, Spinner, Stack } from '@grouarock/ui';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useAuth } from '../../auth';
import { PLAN_ORDER, useBillingPlans, useEntitlements, type EntitlementsDto, type PaidPlan, type Plan, type PlanOfferDto } from '../api/billing';
import { leaveTo as defaultLeaveTo, type LeaveTo } from '../leave-to';
import { PLAN_NAME_IDS } from '../plan-content';
import { CONFIRM_POLL_MS, useCheckoutReturn, type CheckoutReturn } from '../use-checkout-return';
import { usePlanPurchase, type PlanPurchase } from '../use-plan-purchase';
import { ComparisonTable } from './comparison-table';
import { Faq } from './faq';
import { PaymentErrorBanner } from './payment-error-banner';
import { PlanCard } from './plan-card';

const heroItem = (theme: Theme) => css`
  & > li {
    padding: ${theme.space[4]};
    border-top: 4px solid ${theme.colors.accent};
    background: ${theme.colors.surface};
  }

  strong {
    display: block;
    margin-bottom: ${theme.space[1]};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  p {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;

const notice = (theme: Theme, tone: 'info' | 'success' | 'warning') => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${{ info: theme.colors.info, success: theme.colors.success, warning: theme.colors.secondary }[tone]};
  background: ${{ info: theme.colors.infoTint, success: theme.colors.successTint, warning: theme.colors.errorTint }[tone]};

  p {
    margin: 0;
  }
`;

const centered = css`
  display: grid;
  place-items: center;
  min-height: 12rem;
`;

const HERO: { title: MessageId; text: MessageId }[] = [
  { title: 'subscription.hero.cancel', text: 'subscription.hero.cancelText' },
  { title: 'subscription.hero.secure', text: 'subscription.hero.secureText' },
  { title: 'subscription.hero.instant', text: 'subscription.hero.instantText' },
];

const rank = (plan: Plan) => PLAN_ORDER.indexOf(plan);

/** One sentence about what gives the account its plan and until when (no Stripe status values are shown). */
function PlanStatus({ entitlements, onManage, managing, onlinePayment }: { entitlements: EntitlementsDto; onManage: () => void; managing: boolean; onlinePayment: boolean }) {
  const t = useT();
  const intl = useIntl();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'long' });
  const plan = t(PLAN_NAME_IDS[entitlements.plan]);
  const sub = entitlements.subscription;
  let text: string | null = null;
  if (entitlements.source === 'subscription' && sub?.entitles) {
    if (sub.trialEnd) text = t('subscription.status.trialEnds', { plan, date: date(sub.trialEnd) });
    else if (sub.currentPeriodEnd) text = t(sub.cancelAtPeriodEnd ? 'subscription.status.ends' : 'subscription.status.renews', { plan, date: date(sub.currentPeriodEnd) });
  } else if (entitlements.source === 'grant') {
    text = entitlements.grantUntil ? t('subscription.status.grantUntil', { plan, date: date(entitlements.grantUntil) }) : t('subscription.status.grant', { plan });
  }
  const canManage = onlinePayment && sub !== null;
  if (!text && !canManage) return null;
  return (
    <div css={(theme: Theme) => notice(theme, 'info')}>
      {text ? <p>{text}</p> : null}
      {canManage ? (
        <Button variant="secondary" size="sm" loading={managing} onClick={onManage}>
          {t('subscription.action.manage')}
        </Button>
      ) : null}
    </div>
  );
}

const RETURN_NOTICES: Partial<Record<CheckoutReturn, { id: MessageId; tone: 'info' | 'success' | 'warning' }>> = {
  confirming: { id: 'subscription.status.confirming', tone: 'info' },
  confirmed: { id: 'subscription.status.confirmed', tone: 'success' },
  slow: { id: 'subscription.status.slow', tone: 'warning' },
  cancelled: { id: 'subscription.status.cancelled', tone: 'info' },
};

/** A plan card's button, by the plan against the account's. */
function PlanAction({ offer, current, entitlements, onlinePayment, purchase }: { offer: PlanOfferDto; current: Plan; entitlements?: EntitlementsDto; onlinePayment: boolean; purchase: PlanPurchase }) {
  const t = useT();
  if (offer.plan === current) {
    return (
      <Button fullWidth disabled>
        {t('subscription.action.current')}
      </Button>
    );
  }
  if (rank(offer.plan) < rank(current)) {
    return (
      <Button fullWidth variant="ghost" disabled>
        {t('subscription.action.included')}
      </Button>
    );
  }
  const plan = offer.plan as PaidPlan;
  if (entitlements?.subscription?.entitles && onlinePayment) {
    return (
      <Button fullWidth variant="secondary" loading={purchase.portalPending} onClick={purchase.manage}>
        {t('subscription.action.change')}
      </Button>
    );
  }
  const pending = purchase.pending === plan;
  return (
    <Button fullWidth variant={plan === 'premium' ? 'primary' : 'secondary'} disabled={!onlinePayment || (purchase.pending !== null && !pending)} loading={pending} onClick={() => purchase.choose(plan)}>
      {pending ? t('subscription.action.redirecting') : t(plan === 'premium' ? 'subscription.action.choosePremium' : 'subscription.action.chooseUltra')}
    </Button>
  );
}

/**
 * /subscription: the hero, the three plans with the account's current one marked, buying through Stripe's checkout
 * (and back, with the new plan shown once it is confirmed), the comparison table and the FAQ.
 */
export function SubscriptionPage({ leaveTo = defaultLeaveTo }: { leaveTo?: LeaveTo }) {
  const t = useT();
  const { user } = useAuth();
  const member = user && !user.is_anonymous ? user.id : null;
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const plans = useBillingPlans();
  const confirmingNow = checkout === 'success' && member !== null;
  const entitlements = useEntitlements(user?.id ?? null, { refreshInterval: (data) => (confirmingNow && !data?.subscription?.entitles ? CONFIRM_POLL_MS : 0) });
  const returned = useCheckoutReturn(checkout, member, entitlements.data);
  const purchase = usePlanPurchase({ signedIn: member !== null, go: leaveTo });

  const onlinePayment = plans.data?.onlinePayment ?? false;
  const defaultPlan: Plan = plans.data?.defaultPlan ?? 'basic';
  const current: Plan = entitlements.data?.plan ?? defaultPlan;
  // The free 30 days are promised only where they can be had: payment online here, and a visitor (signed out or
  // anonymous) or an account that has not used its trial (nothing is promised while either is still unknown).
  const trial = onlinePayment && (member ? entitlements.data?.trialAvailable === true : true);
  useDocumentMeta({ title: t('subscription.meta.title'), description: t(trial ? 'subscription.meta.description' : 'subscription.meta.descriptionWithoutTrial') }, t('meta.title'));
  const returnNotice = RETURN_NOTICES[returned];

  return (
    <Page>
      <PaymentErrorBanner show={purchase.failed} />
      <Stack gap={6}>
        <PageTitle lead={t(trial ? 'subscription.lead' : 'subscription.leadWithoutTrial')}>{t('subscription.title')}</PageTitle>
        <Grid as="ul" minItemWidth="19rem" css={heroItem} aria-label={t('subscription.hero.label')}>
          {HERO.map(({ title, text }) => (
            <li key={title}>
              <strong>{t(title)}</strong>
              <p>{t(text)}</p>
            </li>
          ))}
        </Grid>

        <div role="status" aria-live="polite">
          {returnNotice ? (
            <div css={(theme: Theme) => notice(theme, returnNotice.tone)}>
              <p>{t(returnNotice.id, { plan: t(PLAN_NAME_IDS[current]) })}</p>
            </div>
          ) : null}
        </div>
        {plans.data && !onlinePayment ? (
          <div css={(theme: Theme) => notice(theme, 'warning')}>
            <p>
              <strong>{t('subscription.offline.title')}</strong> {t('subscription.offline.text')}
            </p>
          </div>
        ) : null}
        {purchase.alreadySubscribed ? (
          <div css={(theme: Theme) => notice(theme, 'warning')}>
            <p>
              <strong>{t('subscription.subscribed.title')}</strong> {t('subscription.subscribed.text')}
            </p>
            <Button variant="secondary" size="sm" loading={purchase.portalPending} onClick={purchase.manage}>
              {t('subscription.action.manage')}
            </Button>
          </div>
        ) : null}
        {entitlements.data ? <PlanStatus entitlements={entitlements.data} onManage={purchase.manage} managing={purchase.portalPending} onlinePayment={onlinePayment} /> : null}

        <section aria-label={t('subscription.plans.label')}>
          {plans.isLoading ? (
            <div css={centered}>
              <Spinner label={t('subscription.plans.loading')} size="lg" />
            </div>
          ) : null}
          {plans.error && !plans.isLoading ? (
            <div css={(theme: Theme) => notice(theme, 'warning')} role="alert">
              <p>{t('subscription.plans.error')}</p>
              <Button variant="secondary" size="sm" onClick={() => void plans.mutate()}>
                {t('subscription.plans.retry')}
              </Button>
            </div>
          ) : null}
          {plans.data ? (
            <Grid as="ul" minItemWidth="19rem" gap={5}>
              {plans.data.plans.map((offer) => (
                <PlanCard key={offer.plan} offer={offer} badge={offer.plan === 'premium' ? 'popular' : offer.plan === 'ultra' ? 'vip' : undefined} trial={trial}>
                  <PlanAction offer={offer} current={current} entitlements={entitlements.data} onlinePayment={onlinePayment} purchase={purchase} />
                </PlanCard>
              ))}
            </Grid>
          ) : null}
        </section>

        {plans.data ? <ComparisonTable offers={plans.data.plans} /> : null}
        <Faq defaultPlan={defaultPlan} />
      </Stack>
    </Page>
  );
}

export default SubscriptionPage;
