import type { AppConfig } from '../core/config/config';
import type { BillingCustomerRow, BillingRepository, EventClaim, SubscriptionRow, SubscriptionUpsert } from '../repositories/billing.repository';
import type { DatabaseRepository } from '../repositories/database.repository';
import type { Mailer } from '../repositories/mailer';
import { PaymentProviderError, type StripeGateway, type StripeSubscriptionState, WebhookSignatureError } from '../repositories/stripe-gateway';
import type { UserRepository } from '../repositories/user.repository';
import type { User } from '../repositories/schema/user.entity';
import { BillingMails } from './billing-mails';
import { BillingService } from './billing.service';

// The billing rules on their own: Stripe, the tables and the mailer are mocks. What Stripe lists is what is stored.

const PRICES = { premium: 'price_premium', ultra: 'price_ultra' };
const config = { publicUrl: 'https://grouarock.example', defaultPlan: 'basic', stripe: { prices: PRICES } } as unknown as AppConfig;
const end = new Date('2026-12-24T12:00:00Z');

function subscription(over: Partial<StripeSubscriptionState> = {}): StripeSubscriptionState {
  return { id: 'sub_1', customerId: 'cus_1', status: 'active', priceId: PRICES.premium, metadataPlan: null, cancelAtPeriodEnd: false, currentPeriodEnd: end, trialStart: null, trialEnd: null, endedAt: null, ...over };
}

interface Setup {
  /** What Stripe lists for the customer. */
  listed?: StripeSubscriptionState[];
  /** The account's billing row; its Stripe customer. */
  customer?: BillingCustomerRow | null;
  history?: { any: boolean; live: boolean };
  stored?: SubscriptionRow[];
  claim?: EventClaim;
  event?: { type: string; customerId: string | null };
}

function setUp({ listed = [], customer = { stripeCustomerId: 'cus_1', trialUsedAt: null }, history = { any: false, live: false }, stored = [], claim = 'claimed', event }: Setup = {}) {
  const row: BillingCustomerRow = customer ?? { stripeCustomerId: null, trialUsedAt: null };
  const billing = {
    userOfCustomer: jest.fn(async (id: string) => (id === 'cus_1' ? 'u1' : null)),
    storeSubscriptions: jest.fn(async (_user: string, _customer: string, _rows: SubscriptionUpsert[]) => undefined),
    customerOf: jest.fn(async () => customer),
    subscriptionHistory: jest.fn(async () => history),
    subscriptionsOf: jest.fn(async () => stored),
    withCustomerLock: jest.fn(async <T>(_user: string, work: (row: BillingCustomerRow, setCustomer: (id: string) => Promise<void>) => Promise<T>) =>
      work(row, async (id) => void (row.stripeCustomerId = id)),
    ),
    claimEvent: jest.fn(async () => claim),
    eventStatus: jest.fn(async () => 'processed' as const),
    finishEvent: jest.fn(async () => undefined),
    failEvent: jest.fn(async () => undefined),
  };
  const stripe = {
    enabled: true,
    webhookEnabled: true,
    listSubscriptions: jest.fn(async () => listed),
    createCustomer: jest.fn(async () => 'cus_new'),
    createCheckoutSession: jest.fn(async (request: { trialDays: number | null; idempotencyKey: string }) => ({ id: 'cs_1', url: `https://checkout.example/${request.trialDays ?? 'paid'}` })),
    expireOtherCheckouts: jest.fn(async () => undefined),
    cancelSubscriptionNow: jest.fn(async () => undefined),
    verifyEvent: jest.fn((_body: Buffer, signature: string) => {
      if (signature !== 'good') throw new WebhookSignatureError('No signature matches');
      return { id: 'evt_1', created: end, type: 'customer.subscription.updated', customerId: 'cus_1', ...event };
    }),
  };
  const users = { findById: jest.fn(async (id: string) => ({ id, email: 'fan@example.com' }) as User) };
  const mailer = { send: jest.fn(async () => undefined) };
  const service = new BillingService(
    config,
    billing as unknown as BillingRepository,
    stripe as unknown as StripeGateway,
    users as unknown as UserRepository,
    mailer as unknown as Mailer,
    new BillingMails(config),
    {} as DatabaseRepository,
  );
  const storedRows = () => billing.storeSubscriptions.mock.calls.at(-1)?.[2];
  return { service, billing, stripe, mailer, storedRows };
}

describe('BillingService: subscriptions as Stripe has them', () => {
  it('stores each subscription with the plan its price stands for, whatever the event said', async () => {
    const { service, billing, storedRows } = setUp({ listed: [subscription({ status: 'active', cancelAtPeriodEnd: true }), subscription({ id: 'sub_2', priceId: PRICES.ultra, status: 'canceled' })] });
    await expect(service.syncCustomer('cus_1')).resolves.toBe('u1');
    expect(billing.storeSubscriptions).toHaveBeenCalledWith('u1', 'cus_1', expect.any(Array));
    expect(storedRows()).toEqual([expect.objectContaining({ id: 'sub_1', plan: 'premium', status: 'active', cancelAtPeriodEnd: true }), expect.objectContaining({ id: 'sub_2', plan: 'ultra', status: 'canceled' })]);
  });

  it('keeps the plan our checkout wrote on a subscription whose price was retired, and drops prices of no plan of ours', async () => {
    const { service, storedRows } = setUp({ listed: [subscription({ priceId: 'price_old', metadataPlan: 'ultra' }), subscription({ id: 'sub_2', priceId: 'price_other', metadataPlan: null })] });
    await service.syncCustomer('cus_1');
    expect(storedRows()).toEqual([expect.objectContaining({ id: 'sub_1', plan: 'ultra', priceId: 'price_old' })]);
  });

  it('stores an empty list when Stripe lists nothing (what was stored is ended by the repository)', async () => {
    const { service, storedRows } = setUp({ listed: [] });
    await service.syncCustomer('cus_1');
    expect(storedRows()).toEqual([]);
  });

  it('leaves a customer that is not ours alone', async () => {
    const { service, billing, stripe } = setUp();
    await expect(service.syncCustomer('cus_stranger')).resolves.toBeNull();
    expect(stripe.listSubscriptions).not.toHaveBeenCalled();
    expect(billing.storeSubscriptions).not.toHaveBeenCalled();
  });
});

describe('BillingService.receiveWebhook', () => {
  const body = Buffer.from('{}');

  it('refuses a delivery whose signature does not match, with a 400', async () => {
    const { service, billing } = setUp();
    await expect(service.receiveWebhook(body, 'forged')).rejects.toMatchObject({ status: 400, response: { code: 'invalid_signature' } });
    await expect(service.receiveWebhook(body, undefined)).rejects.toMatchObject({ status: 400 });
    expect(billing.claimEvent).not.toHaveBeenCalled();
  });

  it('re-reads the customer once per event and marks the event processed', async () => {
    const { service, billing, storedRows } = setUp({ listed: [subscription({ status: 'past_due' })] });
    await service.receiveWebhook(body, 'good');
    expect(billing.claimEvent).toHaveBeenCalledWith('evt_1', 'customer.subscription.updated', end);
    expect(storedRows()).toEqual([expect.objectContaining({ status: 'past_due', plan: 'premium' })]);
    expect(billing.finishEvent).toHaveBeenCalledWith('evt_1');
    expect(billing.failEvent).not.toHaveBeenCalled();
  });

  it('does nothing again for an event already processed', async () => {
    const { service, billing, stripe } = setUp({ claim: 'processed' });
    await service.receiveWebhook(body, 'good');
    expect(stripe.listSubscriptions).not.toHaveBeenCalled();
    expect(billing.finishEvent).not.toHaveBeenCalled();
  });

  it.each([
    ['an event type that changes no subscription', { type: 'customer.updated', customerId: 'cus_1' }],
    ['an event about no customer', { type: 'invoice.paid', customerId: null }],
  ])('acknowledges and ignores %s', async (_, event) => {
    const { service, billing } = setUp({ event });
    await expect(service.receiveWebhook(body, 'good')).resolves.toBeUndefined();
    expect(billing.claimEvent).not.toHaveBeenCalled();
  });

  it('marks the event failed and asks Stripe to deliver it again when Stripe cannot be read', async () => {
    const { service, billing, stripe } = setUp();
    stripe.listSubscriptions.mockRejectedValueOnce(new PaymentProviderError('listing subscriptions', new Error('socket hang up')));
    await expect(service.receiveWebhook(body, 'good')).rejects.toMatchObject({ status: 503, response: { code: 'sync_failed' } });
    expect(billing.failEvent).toHaveBeenCalledWith('evt_1', expect.stringContaining('listing subscriptions'));
    expect(billing.finishEvent).not.toHaveBeenCalled();
  });

  it('reminds of a trial about to end only while a trial runs', async () => {
    const trialEnd = new Date('2026-12-01T00:00:00Z');
    const running = setUp({ event: { type: 'customer.subscription.trial_will_end', customerId: 'cus_1' }, stored: [{ id: 'sub_1', plan: 'ultra', status: 'trialing', cancelAtPeriodEnd: false, currentPeriodEnd: end, trialEnd }] });
    await running.service.receiveWebhook(body, 'good');
    expect(running.mailer.send).toHaveBeenCalledWith(expect.objectContaining({ to: 'fan@example.com', subject: expect.stringContaining('Ultra') }));

    // Stripe also sends it when a trial is ended early: the subscription is active by then.
    const ended = setUp({ event: { type: 'customer.subscription.trial_will_end', customerId: 'cus_1' }, stored: [{ id: 'sub_1', plan: 'ultra', status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: end, trialEnd }] });
    await ended.service.receiveWebhook(body, 'good');
    expect(ended.mailer.send).not.toHaveBeenCalled();
  });

  it('tells of a failed payment about the subscription that is failing', async () => {
    const { service, mailer } = setUp({
      event: { type: 'invoice.payment_failed', customerId: 'cus_1' },
      stored: [
        { id: 'sub_old', plan: 'premium', status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: null, trialEnd: null },
        { id: 'sub_new', plan: 'ultra', status: 'past_due', cancelAtPeriodEnd: false, currentPeriodEnd: end, trialEnd: null },
      ],
    });
    await service.receiveWebhook(body, 'good');
    expect(mailer.send).toHaveBeenCalledTimes(1);
    expect(mailer.send).toHaveBeenCalledWith(expect.objectContaining({ subject: expect.stringContaining('Ultra') }));
  });

  it('sends no mail for the other events', async () => {
    const { service, mailer } = setUp({ event: { type: 'invoice.paid', customerId: 'cus_1' }, stored: [{ id: 'sub_1', plan: 'ultra', status: 'past_due', cancelAtPeriodEnd: false, currentPeriodEnd: end, trialEnd: null }] });
    await service.receiveWebhook(body, 'good');
    expect(mailer.send).not.toHaveBeenCalled();
  });
});

describe('BillingService.checkout', () => {
  it('gives a first subscription the free trial', async () => {
    const { service, stripe } = setUp();
    await expect(service.checkout('u1', 'premium')).resolves.toEqual({ url: 'https://checkout.example/30' });
    expect(stripe.createCheckoutSession).toHaveBeenCalledWith(expect.objectContaining({ customerId: 'cus_1', priceId: PRICES.premium, trialDays: 30, idempotencyKey: expect.stringMatching(/^checkout:u1:premium:trial:/) }));
  });

  it.each([
    ['once the trial is spent', { customer: { stripeCustomerId: 'cus_1', trialUsedAt: new Date('2026-01-01T00:00:00Z') } }],
    ['to an account that has had a subscription', { history: { any: true, live: false } }],
  ])('charges from the first day %s', async (_, setup) => {
    const { service, stripe } = setUp(setup);
    await service.checkout('u1', 'ultra');
    expect(stripe.createCheckoutSession).toHaveBeenCalledWith(expect.objectContaining({ priceId: PRICES.ultra, trialDays: null, idempotencyKey: expect.stringMatching(/^checkout:u1:ultra:paid:/) }));
  });

  it('refuses a second subscription while one may still run', async () => {
    const { service, stripe } = setUp({ history: { any: true, live: true } });
    await expect(service.checkout('u1', 'ultra')).rejects.toMatchObject({ status: 409, response: { code: 'already_subscribed' } });
    expect(stripe.createCheckoutSession).not.toHaveBeenCalled();
  });

  it("makes the account's Stripe customer once, and expires its other open checkouts", async () => {
    const { service, stripe } = setUp({ customer: null });
    await service.checkout('u1', 'premium');
    expect(stripe.createCustomer).toHaveBeenCalledTimes(1);
    expect(stripe.createCheckoutSession).toHaveBeenCalledWith(expect.objectContaining({ customerId: 'cus_new' }));
    expect(stripe.expireOtherCheckouts).toHaveBeenCalledWith('cus_new', 'cs_1');
    await service.checkout('u1', 'premium');
    expect(stripe.createCustomer).toHaveBeenCalledTimes(1);
  });

  it('answers 502 when Stripe does not', async () => {
    const { service, stripe } = setUp();
    stripe.createCheckoutSession.mockRejectedValueOnce(new PaymentProviderError('creating a checkout session', new Error('timeout')));
    await expect(service.checkout('u1', 'premium')).rejects.toMatchObject({ status: 502, response: { code: 'checkout_failed' } });
  });
});

describe('BillingService.cancelAllNow', () => {
  it('cancels every subscription that still runs, then stores what Stripe says', async () => {
    const { service, stripe, billing } = setUp({
      listed: [subscription({ id: 'sub_a', status: 'active', cancelAtPeriodEnd: true }), subscription({ id: 'sub_b', status: 'canceled' }), subscription({ id: 'sub_c', status: 'trialing' }), subscription({ id: 'sub_d', status: 'incomplete_expired' })],
    });
    await expect(service.cancelAllNow('u1')).resolves.toBe(2);
    expect(stripe.cancelSubscriptionNow.mock.calls).toEqual([['sub_a'], ['sub_c']]);
    expect(billing.storeSubscriptions).toHaveBeenCalledTimes(1);
  });

  it('has nothing to cancel for an account that never had a customer', async () => {
    const { service, stripe } = setUp({ customer: null });
    await expect(service.cancelAllNow('u1')).resolves.toBe(0);
    expect(stripe.listSubscriptions).not.toHaveBeenCalled();
  });
});
