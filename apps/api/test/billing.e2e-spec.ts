import { BillingService } from '../src/billing/billing.service';
import { EntitlementsService } from '../src/billing/entitlements.service';
import { Mailer } from '../src/repositories/mailer';
import { signedInMember, useApiUnderTest } from './support/app';
import { FakeStripe, type FakeEvent } from './support/fake-stripe';
import { membersOf } from './support/members';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

describe('billing: checkout, webhook and entitlements against a local Stripe fake', () => {
  const stripe = new FakeStripe();
  const oldSecret = 'whsec_rotated_out_but_still_accepted';
  beforeAll(() => stripe.start());
  afterAll(() => stripe.stop());
  const api = useApiUnderTest(() => ({ ...stripe.env([oldSecret]) }));
  beforeAll(() => {
    stripe.webhookUrl = `${api.base}/billing/webhook`;
  });

  // Each member calls from an address of its own, so the per-address limits (20 checkouts a minute) stay out of the way.
  const { member, call, callsFrom } = membersOf(api, '198.18.7');
  const entitlements = async (token: string) => (await call('GET', '/me/entitlements', token)).body;
  const sessionOf = (url: string) => stripe.sessions.get(url.split('/').pop() as string)!;
  /** Checks out and pays: the subscription Stripe made, after its events reached the webhook. */
  async function subscribe(who: { token: string }, planType = 'premium') {
    const { status, body } = await call('POST', '/billing/checkout', who.token, { planType });
    expect(status).toBe(200);
    const session = sessionOf(body.url);
    for (const event of stripe.completeCheckout(session.id)) expect((await stripe.deliver(event)).status).toBe(200);
    return stripe.subscriptions.get(session.subscription!)!;
  }

  describe('plans and entitlements', () => {
    it('lists the three plans and says that payment is online here', async () => {
      const { body } = await call('GET', '/billing/plans');
      expect(body).toMatchObject({ onlinePayment: true, trialDays: 30, defaultPlan: 'basic' });
      expect(body.plans.map((p: Json) => [p.plan, p.priceUsd, p.limits.aiGenerationsPerDay])).toEqual([['basic', 0, 1], ['premium', 5, 10], ['ultra', 10, null]]);
    });

    it('gives a new account Basic with its limits, and refuses without a session', async () => {
      const who = await member();
      expect(await entitlements(who.token)).toEqual({
        plan: 'basic',
        source: 'default',
        limits: {
          aiGenerationsPerDay: 1, premiumStudioTools: false, longTracks: false, apiPlan: 'free', stations: 5,
          ads: true, priorityStreaming: false, audioQuality: 'standard', premiumStations: false, offline: false, recommendations: false, exclusiveLive: false, betaFeatures: false,
        },
        subscription: null,
        trialAvailable: true,
        beta: [],
      });
      expect((await call('GET', '/me/entitlements')).status).toBe(401);
    });
  });

  describe('checkout', () => {
    it('maps the plan to its price, gives a first subscription the 30-day trial and Premium during it', async () => {
      const who = await member();
      const { status, body } = await call('POST', '/billing/checkout', who.token, { planType: 'premium' });
      expect(status).toBe(200);
      const session = sessionOf(body.url);
      expect(session).toMatchObject({ mode: 'subscription', price: stripe.prices.premium, trialDays: 30, client_reference_id: who.id, metadata: { userId: who.id, plan: 'premium' } });
      expect(session.success_url).toMatch(/\/subscription\?checkout=success$/);
      expect(stripe.customers.get(session.customer)?.metadata).toEqual({ userId: who.id });
      for (const event of stripe.completeCheckout(session.id)) expect((await stripe.deliver(event)).status).toBe(200);

      const after = await entitlements(who.token);
      expect(after).toMatchObject({ plan: 'premium', source: 'subscription', limits: { aiGenerationsPerDay: 10 }, subscription: { plan: 'premium', entitles: true, cancelAtPeriodEnd: false }, trialAvailable: false });
      const trialEnd = Date.parse(after.subscription.trialEnd);
      expect(Math.abs(trialEnd - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(5000);
    });

    it('answers 409 while a subscription runs, and offers no second trial after it ended', async () => {
      const who = await member();
      const sub = await subscribe(who);
      const again = await call('POST', '/billing/checkout', who.token, { planType: 'ultra' });
      expect(again).toMatchObject({ status: 409, body: { code: 'already_subscribed' } });

      await stripe.deliver(stripe.update(sub.id, { status: 'canceled', ended_at: stripe.now() }, 'customer.subscription.deleted'));
      expect((await entitlements(who.token)).plan).toBe('basic');
      const second = await call('POST', '/billing/checkout', who.token, { planType: 'ultra' });
      expect(second.status).toBe(200);
      expect(sessionOf(second.body.url)).toMatchObject({ price: stripe.prices.ultra, trialDays: null });
      expect(new Set([sessionOf(second.body.url).customer, sub.customer]).size).toBe(1);
    });

    it('makes one customer and one session for two concurrent checkouts of one account', async () => {
      const who = await member();
      const customersBefore = stripe.customers.size;
      const sessionsBefore = stripe.sessions.size;
      const [a, b] = await Promise.all([call('POST', '/billing/checkout', who.token, { planType: 'premium' }), call('POST', '/billing/checkout', who.token, { planType: 'premium' })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.url).toBe(b.body.url);
      expect(stripe.customers.size - customersBefore).toBe(1);
      expect(stripe.sessions.size - sessionsBefore).toBe(1);
    });

    it('keeps one checkout open per account: a new one expires the others, so two tabs cannot both subscribe', async () => {
      const who = await member();
      const first = sessionOf((await call('POST', '/billing/checkout', who.token, { planType: 'premium' })).body.url);
      const second = sessionOf((await call('POST', '/billing/checkout', who.token, { planType: 'ultra' })).body.url);
      expect([first.status, second.status]).toEqual(['expired', 'open']);
      // The first tab's page no longer takes a payment; the second one's does.
      const pay = (id: string) => fetch(`${stripe.base}/checkout/${id}/pay`, { method: 'POST', redirect: 'manual' });
      expect((await pay(first.id)).status).toBe(410);
      expect((await pay(second.id)).status).toBe(303);
      expect(stripe.subscriptionsOf(second.customer)).toHaveLength(1);
      expect((await entitlements(who.token)).plan).toBe('ultra');

      // Two plans started at the same moment, in two tabs: one session is left open, whichever.
      const other = await member();
      const both = await Promise.all(['premium', 'ultra'].map((planType) => call('POST', '/billing/checkout', other.token, { planType })));
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both.map((r) => sessionOf(r.body.url).status).sort()).toEqual(['expired', 'open']);
    });

    it('refuses a price or plan from the client, an anonymous session and no session', async () => {
      const who = await member();
      expect((await call('POST', '/billing/checkout', who.token, { planType: 'basic' })).status).toBe(400);
      expect((await call('POST', '/billing/checkout', who.token, { planType: 'premium', price: 'price_cheap' })).status).toBe(400);
      expect((await call('POST', '/billing/checkout', who.token, 'premium')).status).toBe(400);
      const anon = (await (await fetch(`${api.base}/auth/anonymous`, { method: 'POST', headers: { 'x-forwarded-for': '198.18.8.1' } })).json()) as Json;
      expect((await call('POST', '/billing/checkout', anon.access_token, { planType: 'premium' })).status).toBe(403);
      expect((await call('POST', '/billing/checkout', undefined, { planType: 'premium' })).status).toBe(401);
    });

    it('answers 502 when Stripe fails, and works again once it is back', async () => {
      const who = await member();
      stripe.failing = true;
      try {
        expect(await call('POST', '/billing/checkout', who.token, { planType: 'premium' })).toMatchObject({ status: 502, body: { code: 'checkout_failed' } });
      } finally {
        stripe.failing = false;
      }
      expect((await call('POST', '/billing/checkout', who.token, { planType: 'premium' })).status).toBe(200);
    });
  });

  describe('webhook', () => {
    it('processes one event delivered twice at the same moment once, answering 200 to both', async () => {
      const who = await member();
      const { body } = await call('POST', '/billing/checkout', who.token, { planType: 'ultra' });
      const session = sessionOf(body.url);
      const [, created] = stripe.completeCheckout(session.id);
      const from = stripe.requests.length;
      const [a, b] = await Promise.all([stripe.deliver(created), stripe.deliver(created)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const rows = await api.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM stripe_events WHERE id = $1', [created.id]);
      expect(rows).toEqual([{ status: 'processed', attempts: 1 }]);
      // One plan change: the two deliveries made one re-read of the subscription from Stripe, stored as one row.
      expect(stripe.subscriptionReads(session.customer, from)).toBe(1);
      expect(await api.db.query('SELECT id, plan, status FROM billing_subscriptions WHERE user_id = $1', [who.id])).toEqual([{ id: session.subscription, plan: 'ultra', status: 'trialing' }]);
      expect((await entitlements(who.token)).plan).toBe('ultra');
      expect((await stripe.deliver(created)).status).toBe(200);
      expect(await api.db.query('SELECT attempts FROM stripe_events WHERE id = $1', [created.id])).toEqual([{ attempts: 1 }]);
      expect(stripe.subscriptionReads(session.customer, from)).toBe(1);
    });

    it('stores what Stripe has, whatever order five events arrive in (100 orders)', async () => {
      const who = await member();
      const sub = await subscribe(who);
      const seeded = (i: number) => ((i * 2654435761) % 2 ** 32) / 2 ** 32;
      const statuses = ['trialing', 'active', 'past_due', 'canceled', 'unpaid'];
      for (let round = 0; round < 100; round++) {
        // Stripe's state moves on; the five events about it arrive shuffled.
        const events: FakeEvent[] = [
          stripe.update(sub.id, { status: statuses[round % 5] }),
          stripe.update(sub.id, { cancel_at_period_end: round % 3 === 0 }),
          stripe.update(sub.id, { current_period_end: stripe.now() + (round + 1) * 3600 }),
          stripe.event('invoice.paid', { object: 'invoice', customer: sub.customer }),
          stripe.event('customer.subscription.created', { ...sub, status: 'incomplete' }),
        ];
        const order = events.map((e, i) => ({ e, k: seeded(round * 5 + i + 1) })).sort((x, y) => x.k - y.k);
        for (const { e } of order) expect((await stripe.deliver(e)).status).toBe(200);
        const [row] = await api.db.query<Json>('SELECT status, cancel_at_period_end, current_period_end FROM billing_subscriptions WHERE id = $1', [sub.id]);
        expect({ status: row.status, cancel: row.cancel_at_period_end, end: new Date(row.current_period_end).getTime() / 1000 }).toEqual({
          status: sub.status,
          cancel: sub.cancel_at_period_end,
          end: sub.items.data[0].current_period_end,
        });
      }
    });

    it('keeps the plan until the period ends when cancelled, and drops it when the subscription is deleted', async () => {
      const who = await member();
      const sub = await subscribe(who);
      const periodEnd = sub.items.data[0].current_period_end;
      expect((await stripe.deliver(stripe.update(sub.id, { status: 'active', cancel_at_period_end: true }))).status).toBe(200);
      const service = api.app.get(EntitlementsService);
      expect((await service.entitlementsOf(who.id, new Date(periodEnd * 1000 - 1000))).plan).toBe('premium');
      expect((await entitlements(who.token)).subscription).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(periodEnd * 1000).toISOString() });
      expect((await stripe.deliver(stripe.update(sub.id, { status: 'canceled', ended_at: periodEnd }, 'customer.subscription.deleted'))).status).toBe(200);
      expect(await entitlements(who.token)).toMatchObject({ plan: 'basic', source: 'default', subscription: { entitles: false } });
    });

    it('takes an event far over 100 kB (a long invoice), which any other route refuses with 413', async () => {
      const who = await member();
      const sub = await subscribe(who);
      // Stripe's description of the subscription, padded as a long list of invoice items would make it: 300 kB.
      const big = stripe.update(sub.id, { status: 'active', cancel_at_period_end: true, description: 'x'.repeat(300_000) });
      expect(JSON.stringify(big).length).toBeGreaterThan(300_000);
      expect((await stripe.deliver(big)).status).toBe(200);
      expect((await entitlements(who.token)).subscription).toMatchObject({ cancelAtPeriodEnd: true });
      const elsewhere = await call('POST', '/billing/checkout', who.token, { planType: 'ultra', padding: 'x'.repeat(300_000) });
      expect(elsewhere.status).toBe(413);
    });

    describe('signature', () => {
      let event: FakeEvent;
      beforeAll(async () => {
        const who = await member();
        const { body } = await call('POST', '/billing/checkout', who.token, { planType: 'premium' });
        event = stripe.completeCheckout(sessionOf(body.url).id)[1];
      });
      const fresh = () => ({ ...event, id: stripe.nextId('evt') });

      // Timestamps are taken when each test runs, not when the table is built.
      const secondsFromNow = (offset: number) => Math.floor(Date.now() / 1000) + offset;
      it.each([
        ['a wrong secret', () => ({ secret: 'whsec_wrong' })],
        ['a signature 301 s old', () => ({ timestamp: secondsFromNow(-301) })],
        ['a signature 301 s in the future', () => ({ timestamp: secondsFromNow(301) })],
      ])('refuses %s with 400', async (_, options) => {
        const res = await stripe.deliver(fresh(), options());
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'invalid_signature' });
      });

      it('refuses a body re-serialised after signing', async () => {
        const e = fresh();
        expect((await stripe.deliver(e, { body: JSON.stringify(e) })).status).toBe(400);
      });

      it('refuses a request without a signature or with a garbled one', async () => {
        const post = (headers: Record<string, string>) => fetch(stripe.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
        expect((await post({})).status).toBe(400);
        expect((await post({ 'stripe-signature': 'nonsense' })).status).toBe(400);
        expect((await post({ 'stripe-signature': 't=abc,v1=' })).status).toBe(400);
      });

      it('accepts a signature 299 s old, one made with the rotated-out secret, and ignores event types it does not handle', async () => {
        expect((await stripe.deliver(fresh(), { timestamp: secondsFromNow(-299) })).status).toBe(200);
        expect((await stripe.deliver(fresh(), { secret: oldSecret })).status).toBe(200);
        expect((await stripe.deliver(stripe.event('charge.refunded', { object: 'charge', customer: 'cus_unknown' }))).status).toBe(200);
      });
    });
  });

  describe('portal and sync', () => {
    it("opens Stripe's portal for a customer, returning to /subscription; 404 for an account that never subscribed", async () => {
      const who = await member();
      expect((await call('POST', '/billing/portal', who.token)).body).toMatchObject({ code: 'no_billing_account' });
      const sub = await subscribe(who);
      const { status, body } = await call('POST', '/billing/portal', who.token);
      expect(status).toBe(200);
      expect(body.url).toBe(`${stripe.base}/portal/${sub.customer}`);
      expect(stripe.portalSessions.at(-1)?.return_url).toMatch(/\/subscription$/);
    });

    it('keeps API keys away from checkout, the portal and sync (403 session_required), while a key may read the plan', async () => {
      const who = await member();
      const sub = await subscribe(who);
      const created = await call('POST', '/developer/keys', who.token, { name: 'billing bot', scope: 'full-access' });
      expect(created.status).toBe(201);
      const key: string = created.body.key;
      callsFrom(key, who.ip);
      const [customers, sessions, portals, from] = [stripe.customers.size, stripe.sessions.size, stripe.portalSessions.length, stripe.requests.length];
      for (const [path, body] of [['/billing/checkout', { planType: 'ultra' }], ['/billing/portal'], ['/billing/sync']] as const) {
        const res = await call('POST', path, key, body);
        expect([path, res.status, res.body.code]).toEqual([path, 403, 'session_required']);
      }
      // Stripe was not even asked.
      expect([stripe.customers.size, stripe.sessions.size, stripe.portalSessions.length, stripe.requests.length]).toEqual([customers, sessions, portals, from]);
      expect(await call('GET', '/me/entitlements', key)).toMatchObject({ status: 200, body: { plan: 'premium', subscription: { plan: 'premium', entitles: true } } });
      // The account's own session still may.
      expect((await call('POST', '/billing/portal', who.token)).body.url).toBe(`${stripe.base}/portal/${sub.customer}`);
    });

    it('reads a subscription from Stripe on request, without waiting for the webhook', async () => {
      const who = await member();
      const { body } = await call('POST', '/billing/checkout', who.token, { planType: 'ultra' });
      stripe.completeCheckout(sessionOf(body.url).id); // events never delivered
      expect((await entitlements(who.token)).plan).toBe('basic');
      expect((await call('POST', '/billing/sync', who.token)).body).toMatchObject({ plan: 'ultra', source: 'subscription' });
    });
  });

  describe('reconciliation', () => {
    it('re-reads, in one process, a subscription whose period ended without any event arriving', async () => {
      const who = await member();
      const sub = await subscribe(who);
      // Stripe ended it; the events were lost. Our row still says trialing, with a period that ended two hours ago.
      stripe.update(sub.id, { status: 'canceled', ended_at: stripe.now() });
      await api.db.query(`UPDATE billing_subscriptions SET current_period_end = now() - interval '2 hours' WHERE id = $1`, [sub.id]);
      expect((await entitlements(who.token)).plan).toBe('premium');
      const billing = api.app.get(BillingService);
      // Two runs at once (as two API processes would): one does the work, and the result is the same.
      await Promise.all([billing.reconcile(), billing.reconcile()]);
      expect(await api.db.query('SELECT status FROM billing_subscriptions WHERE id = $1', [sub.id])).toEqual([{ status: 'canceled' }]);
      expect((await entitlements(who.token)).plan).toBe('basic');
    });

    it('re-reads a subscription nobody has read for a day though its period runs on, and leaves one read an hour ago', async () => {
      const [stale, recent] = [await member(), await member()];
      const [staleSub, recentSub] = [await subscribe(stale), await subscribe(recent)];
      // Both were set to cancel at period end in the portal, and neither event arrived; both periods run for 30 days.
      stripe.update(staleSub.id, { cancel_at_period_end: true });
      stripe.update(recentSub.id, { cancel_at_period_end: true });
      await api.db.query(`UPDATE billing_subscriptions SET synced_at = now() - interval '25 hours' WHERE id = $1`, [staleSub.id]);
      await api.db.query(`UPDATE billing_subscriptions SET synced_at = now() - interval '1 hour' WHERE id = $1`, [recentSub.id]);
      const from = stripe.requests.length;
      await api.app.get(BillingService).reconcile();
      expect([stripe.subscriptionReads(staleSub.customer, from), stripe.subscriptionReads(recentSub.customer, from)]).toEqual([1, 0]);
      const rows = await api.db.query<{ id: string; cancel: boolean; fresh: boolean }>(
        `SELECT id, cancel_at_period_end AS cancel, synced_at > now() - interval '1 minute' AS fresh FROM billing_subscriptions WHERE id = ANY($1) ORDER BY id = $2 DESC`,
        [[staleSub.id, recentSub.id], staleSub.id],
      );
      expect(rows).toEqual([
        { id: staleSub.id, cancel: true, fresh: true },
        { id: recentSub.id, cancel: false, fresh: false },
      ]);
      expect((await entitlements(stale.token)).subscription).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });
    });
  });

  describe('mails', () => {
    it('mails a failed payment and a trial about to end, once per event', async () => {
      const who = await member();
      const sub = await subscribe(who);
      const sent: string[] = [];
      const mailer = api.app.get(Mailer);
      const original = mailer.send.bind(mailer);
      mailer.send = async (mail) => {
        sent.push(`${mail.to}: ${mail.subject}`);
        return original(mail);
      };
      try {
        const willEnd = stripe.event('customer.subscription.trial_will_end', { ...sub });
        await Promise.all([stripe.deliver(willEnd), stripe.deliver(willEnd)]);
        await stripe.deliver(willEnd);
        const failed = stripe.update(sub.id, { status: 'past_due' });
        const invoice = stripe.event('invoice.payment_failed', { object: 'invoice', customer: sub.customer });
        await stripe.deliver(failed);
        await stripe.deliver(invoice);
        await stripe.deliver(invoice);
      } finally {
        mailer.send = original;
      }
      expect(sent).toEqual([expect.stringMatching(new RegExp(`^${who.email}: Twój darmowy okres Premium kończy się`)), `${who.email}: Płatność za Premium nie powiodła się`]);
    });
  });
});

describe('billing without Stripe', () => {
  const api = useApiUnderTest(() => ({ DEFAULT_PLAN: 'premium' }));

  it('answers checkout and the portal with 503 billing_disabled, says so in the plans, and gives everyone DEFAULT_PLAN', async () => {
    const plans = (await (await fetch(`${api.base}/billing/plans`)).json()) as Json;
    expect(plans).toMatchObject({ onlinePayment: false, defaultPlan: 'premium' });
    const who = await signedInMember(api, '198.18.9.1');
    const auth = { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' };
    expect(await (await fetch(`${api.base}/me/entitlements`, { headers: auth })).json()).toMatchObject({ plan: 'premium', source: 'default' });
    for (const path of ['/billing/checkout', '/billing/portal']) {
      const res = await fetch(`${api.base}${path}`, { method: 'POST', headers: auth, body: JSON.stringify({ planType: 'ultra' }) });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'billing_disabled', message: expect.stringContaining('not set up') });
    }
    const hook = await fetch(`${api.base}/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, body: '{}' });
    expect(hook.status).toBe(503);
  });
});
