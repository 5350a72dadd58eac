import type { AppConfig } from '../core/config/config';
import type { BillingCustomerRow, BillingRepository, PlanGrantRow, SubscriptionRow } from '../repositories/billing.repository';
import { EntitlementsService } from './entitlements.service';
import type { Plan } from '../repositories/schema/plans';

// Which plan an account has, from its subscriptions as last stored, an operator's grant and DEFAULT_PLAN: the
// repository is a mock.

const now = new Date('2026-11-24T12:00:00Z');
const later = new Date('2026-12-24T12:00:00Z');
const earlier = new Date('2026-10-24T12:00:00Z');

function subscription(over: Partial<SubscriptionRow>): SubscriptionRow {
  return { id: 'sub_1', plan: 'premium', status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: later, trialEnd: null, ...over };
}

function entitlements({ subscriptions = [], grant = null, customer = null, floor = 'basic' }: { subscriptions?: SubscriptionRow[]; grant?: PlanGrantRow | null; customer?: BillingCustomerRow | null; floor?: Plan }) {
  const billing = { subscriptionsOf: jest.fn(async () => subscriptions), grantOf: jest.fn(async () => grant), customerOf: jest.fn(async () => customer) };
  return new EntitlementsService({ defaultPlan: floor, betaFeatures: [] } as unknown as AppConfig, billing as unknown as BillingRepository).entitlementsOf('u1', now);
}

describe('EntitlementsService', () => {
  it('gives an account without a subscription or grant the installation default', async () => {
    await expect(entitlements({})).resolves.toMatchObject({ plan: 'basic', source: 'default', subscription: null, trialAvailable: true, limits: { aiGenerationsPerDay: 1 } });
    await expect(entitlements({ floor: 'premium' })).resolves.toMatchObject({ plan: 'premium', source: 'default' });
  });

  it.each([
    ['a trial', 'trialing', 'ultra'],
    ['a paid period', 'active', 'ultra'],
    ['a failed renewal still being retried', 'past_due', 'ultra'],
    ['an unpaid subscription', 'unpaid', 'basic'],
    ['a cancelled subscription', 'canceled', 'basic'],
    ['a checkout not yet paid', 'incomplete', 'basic'],
  ])('counts %s (%s) as %s', async (_, status, plan) => {
    await expect(entitlements({ subscriptions: [subscription({ plan: 'ultra', status })] })).resolves.toMatchObject({ plan, subscription: { plan: 'ultra', entitles: plan === 'ultra' } });
  });

  it('keeps the plan of a subscription cancelled at period end until that end, and says so', async () => {
    const result = await entitlements({ subscriptions: [subscription({ cancelAtPeriodEnd: true })] });
    expect(result).toMatchObject({ plan: 'premium', source: 'subscription', subscription: { cancelAtPeriodEnd: true, currentPeriodEnd: later.toISOString(), entitles: true } });
  });

  it('shows the trial end only while the trial runs', async () => {
    await expect(entitlements({ subscriptions: [subscription({ status: 'trialing', trialEnd: later })] })).resolves.toMatchObject({ subscription: { trialEnd: later.toISOString() } });
    await expect(entitlements({ subscriptions: [subscription({ status: 'active', trialEnd: earlier })] })).resolves.toMatchObject({ subscription: { trialEnd: null } });
  });

  it('lets the higher of a subscription and a grant win, and names where the plan comes from', async () => {
    await expect(entitlements({ subscriptions: [subscription({ plan: 'premium' })], grant: { plan: 'ultra', until: null } })).resolves.toMatchObject({ plan: 'ultra', source: 'grant', grantUntil: null });
    await expect(entitlements({ subscriptions: [subscription({ plan: 'ultra' })], grant: { plan: 'premium', until: later } })).resolves.toMatchObject({ plan: 'ultra', source: 'subscription', grantUntil: later.toISOString() });
  });

  it('ignores a grant that has ended', async () => {
    const result = await entitlements({ grant: { plan: 'ultra', until: earlier } });
    expect(result).toMatchObject({ plan: 'basic', source: 'default' });
    expect(result).not.toHaveProperty('grantUntil');
  });

  it('never goes below the installation default, whatever the subscriptions', async () => {
    await expect(entitlements({ floor: 'ultra', subscriptions: [subscription({ plan: 'premium' })] })).resolves.toMatchObject({ plan: 'ultra', source: 'default' });
  });

  it('shows the subscription that entitles now rather than a newer one that does not', async () => {
    const result = await entitlements({ subscriptions: [subscription({ id: 'sub_new', plan: 'ultra', status: 'incomplete' }), subscription({ id: 'sub_old', plan: 'premium', status: 'active' })] });
    expect(result).toMatchObject({ plan: 'premium', subscription: { plan: 'premium', entitles: true } });
  });

  it('offers the trial once: not after it was spent, nor to an account that has had a subscription', async () => {
    await expect(entitlements({ customer: { stripeCustomerId: 'cus_1', trialUsedAt: earlier } })).resolves.toMatchObject({ trialAvailable: false });
    await expect(entitlements({ subscriptions: [subscription({ status: 'canceled' })] })).resolves.toMatchObject({ trialAvailable: false });
    await expect(entitlements({ customer: { stripeCustomerId: 'cus_1', trialUsedAt: null } })).resolves.toMatchObject({ trialAvailable: true });
  });
});
