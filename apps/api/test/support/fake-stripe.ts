import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Form = { [key: string]: string | Form };

/** Stripe's form encoding (`a[b][0][c]=v`) as nested objects; list indexes stay object keys. */
function parseForm(raw: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] = (node[part] as Form | undefined) ?? {}) as Form;
    });
  }
  return root;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  trial_start: number | null;
  trial_end: number | null;
  ended_at: number | null;
  /** Free text the merchant sets (long with a long invoice's worth of details); unset on a new subscription. */
  description?: string | null;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; current_period_end: number }[] };
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  customer: string;
  client_reference_id: string;
  mode: string;
  price: string;
  trialDays: number | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  data: { object: Record<string, unknown> };
}

export interface DeliveryOptions {
  secret?: string;
  /** Signature time in Unix seconds (default: now). */
  timestamp?: number;
  /** The body sent, when not the event's own JSON (e.g. re-serialised). */
  body?: string;
}

/** One webhook delivery and the app's answer to it. */
export interface DeliveryRecord {
  eventId: string;
  type: string;
  /** The webhook's HTTP status; null while unanswered, or when it could not be reached. */
  status: number | null;
}

/** One request to the fake's API (the SDK's), as it came. */
export interface ApiRequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
}

const DAY = 24 * 60 * 60;

/**
 * A local, stateful fake of the Stripe endpoints our gateway uses (customers, Checkout Sessions with their listing and
 * expiry, subscriptions, the billing portal), spoken to by the real SDK through STRIPE_API_BASE; plus a hosted "checkout page" a browser can pay
 * on, and signed webhook deliveries (signed with the SDK's own test-header helper). Idempotency keys behave as Stripe
 * documents: the same key with the same parameters replays the first answer, with other parameters it is an error.
 * It logs every API request and every webhook delivery with its answer; `GET /checkout/{id}/deliveries` tells a test in
 * another process (Playwright) how the webhook answered the events of that checkout.
 */
export class FakeStripe {
  readonly secretKey = 'sk_test_fake';
  readonly webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  readonly prices = { premium: 'price_fake_premium', ultra: 'price_fake_ultra' } as const;
  readonly customers = new Map<string, { id: string; object: 'customer'; email: string | null; metadata: Record<string, string> }>();
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Subscriptions cancelled at once through the API (DELETE /v1/subscriptions/{id}). */
  readonly canceled: string[] = [];
  readonly portalSessions: { customer: string; return_url: string }[] = [];
  /** Every API request, in order of arrival (the app's reads of Stripe included). */
  readonly requests: ApiRequestRecord[] = [];
  /** Every webhook delivery, in order, with the status it was answered with. */
  readonly deliveries: DeliveryRecord[] = [];
  /** While true, every API call answers 500 (the SDK's own retries included). */
  failing = false;
  /** Where events are delivered: the app's webhook. */
  webhookUrl = '';
  base = '';

  private readonly idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  /** The events each paid Checkout Session gave rise to, by session id. */
  private readonly checkoutEvents = new Map<string, { id: string; type: string }[]>();
  private readonly signer = new Stripe(this.secretKey);
  private server?: Server;
  private counter = 0;

  /** The app's Stripe settings for this fake. */
  env(extraSecrets: string[] = []): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_WEBHOOK_SECRETS: [this.webhookSecret, ...extraSecrets].join(','),
      STRIPE_PRICE_PREMIUM: this.prices.premium,
      STRIPE_PRICE_ULTRA: this.prices.ultra,
      STRIPE_API_BASE: this.base,
    };
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res).catch((e: Error) => this.json(res, 500, { error: { message: e.message } })));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  nextId(prefix: string): string {
    return `${prefix}_fake${++this.counter}${randomBytes(3).toString('hex')}`;
  }

  now(): number {
    return Math.floor(Date.now() / 1000);
  }

  /** The subscriptions of one customer. */
  subscriptionsOf(customer: string): FakeSubscription[] {
    return [...this.subscriptions.values()].filter((s) => s.customer === customer);
  }

  /** How many times the customer's subscriptions were read (listed) since request number `from`: how the app re-reads them. */
  subscriptionReads(customer: string, from = 0): number {
    return this.requests.slice(from).filter((r) => r.method === 'GET' && r.path === '/v1/subscriptions' && r.query.customer === customer).length;
  }

  /** Pays a session as the hosted page would: its subscription starts (in trial when it has one); returns the events Stripe would send. */
  completeCheckout(sessionId: string): FakeEvent[] {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    if (session.status !== 'open') return [];
    const now = this.now();
    const trial = session.trialDays;
    const sub: FakeSubscription = {
      id: this.nextId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trial ? 'trialing' : 'active',
      metadata: session.metadata,
      cancel_at_period_end: false,
      trial_start: trial ? now : null,
      trial_end: trial ? now + trial * DAY : null,
      ended_at: null,
      items: { object: 'list', data: [{ id: this.nextId('si'), object: 'subscription_item', price: { id: session.price, object: 'price' }, current_period_end: now + (trial ?? 30) * DAY }] },
    };
    this.subscriptions.set(sub.id, sub);
    session.status = 'complete';
    session.subscription = sub.id;
    const events = [
      this.event('checkout.session.completed', { ...session }),
      this.event('customer.subscription.created', { ...sub }),
      this.event('invoice.paid', { id: this.nextId('in'), object: 'invoice', customer: sub.customer }),
    ];
    this.checkoutEvents.set(session.id, events.map(({ id, type }) => ({ id, type })));
    return events;
  }

  /** Changes a subscription as Stripe would (through the portal, a renewal, a failed payment); returns the update event. */
  update(id: string, patch: Partial<Omit<FakeSubscription, 'items'>> & { current_period_end?: number }, type = 'customer.subscription.updated'): FakeEvent {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`No subscription ${id}`);
    const { current_period_end, ...rest } = patch;
    Object.assign(sub, rest);
    if (current_period_end !== undefined) sub.items.data[0].current_period_end = current_period_end;
    return this.event(type, { ...sub });
  }

  /** An event as Stripe sends it, with a fresh id. */
  event(type: string, object: Record<string, unknown>): FakeEvent {
    return { id: this.nextId('evt'), object: 'event', type, created: this.now(), api_version: '2026-10-28.endive', data: { object } };
  }

  /** POSTs the event to the app's webhook, signed (by default with the configured secret, now); logs the answer's status. */
  async deliver(event: FakeEvent, options: DeliveryOptions = {}): Promise<Response> {
    const payload = options.body ?? JSON.stringify(event, null, 2);
    const header = this.signer.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event, null, 2),
      secret: options.secret ?? this.webhookSecret,
      timestamp: options.timestamp ?? this.now(),
    });
    const record: DeliveryRecord = { eventId: event.id, type: event.type, status: null };
    this.deliveries.push(record);
    const res = await fetch(this.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    record.status = res.status;
    return res;
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    let raw = '';
    for await (const chunk of req) raw += chunk;

    // The hosted checkout page, for a browser: one button that pays, then back to the app (whatever the webhook
    // answered, as Stripe does; the answers are logged, and read by a test through /deliveries).
    const page = /^\/checkout\/([\w-]+)(\/pay|\/deliveries)?$/.exec(url.pathname);
    if (page) {
      const session = this.sessions.get(page[1]);
      if (!session) return this.json(res, 404, { error: { message: 'No such checkout session' } });
      if (req.method === 'POST' && page[2] === '/pay') {
        // As Stripe's page says of an expired session (another checkout of the customer replaced it).
        if (session.status === 'expired') return this.json(res, 410, { error: { message: 'This Checkout Session is no longer active' } });
        for (const event of this.completeCheckout(session.id)) await this.deliver(event);
        res.writeHead(303, { location: session.success_url });
        res.end();
        return;
      }
      if (req.method === 'GET' && page[2] === '/deliveries') {
        const events = this.checkoutEvents.get(session.id) ?? [];
        const ids = new Set(events.map((e) => e.id));
        return this.json(res, 200, { events, deliveries: this.deliveries.filter((d) => ids.has(d.eventId)) });
      }
      if (page[2]) return this.json(res, 405, { error: { message: 'Method not allowed' } });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1>` +
          `<p>Price ${session.price}${session.trialDays ? `, ${session.trialDays}-day trial` : ''}</p>` +
          `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form></main></body></html>`,
      );
      return;
    }

    if (!url.pathname.startsWith('/v1/')) return this.json(res, 404, { error: { message: 'Unknown path' } });
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) return this.json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    if (this.failing) return this.json(res, 500, { error: { type: 'api_error', message: 'The fake is failing on purpose' } });

    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string') {
      const params = createHash('sha256').update(`${url.pathname}?${raw}`).digest('hex');
      const seen = this.idempotent.get(key);
      if (seen) {
        if (seen.params !== params) return this.json(res, 400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters' } });
        return this.json(res, seen.status, seen.body);
      }
      const [status, body] = this.answer(req.method, url, parseForm(raw));
      this.idempotent.set(key, { params, status, body });
      return this.json(res, status, body);
    }
    const [status, body] = this.answer(req.method ?? 'GET', url, parseForm(raw));
    return this.json(res, status, body);
  }

  private answer(method: string, url: URL, form: Form): [number, unknown] {
    const str = (v: string | Form | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
    if (method === 'POST' && url.pathname === '/v1/customers') {
      const customer = { id: this.nextId('cus'), object: 'customer' as const, email: str(form.email) ?? null, metadata: (form.metadata as Record<string, string>) ?? {} };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const customer = str(form.customer) ?? '';
      if (!this.customers.has(customer)) return [400, { error: { type: 'invalid_request_error', message: `No such customer: '${customer}'` } }];
      const item = ((form.line_items as Form | undefined)?.['0'] ?? {}) as Form;
      const data = (form.subscription_data ?? {}) as Form;
      const id = this.nextId('cs');
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        customer,
        client_reference_id: str(form.client_reference_id) ?? '',
        mode: str(form.mode) ?? '',
        price: str(item.price) ?? '',
        trialDays: str(data.trial_period_days) ? Number(data.trial_period_days) : null,
        metadata: (data.metadata as Record<string, string>) ?? {},
        success_url: str(form.success_url) ?? '',
        cancel_url: str(form.cancel_url) ?? '',
        url: `${this.base}/checkout/${id}`,
        status: 'open',
        subscription: null,
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    if (method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const { customer, status } = Object.fromEntries(url.searchParams);
      const data = [...this.sessions.values()].filter((s) => (!customer || s.customer === customer) && (!status || s.status === status)).reverse();
      return [200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data }];
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(url.pathname);
    if (method === 'POST' && expire) {
      const session = this.sessions.get(expire[1]);
      if (!session) return [404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${expire[1]}'` } }];
      if (session.status !== 'open') return [400, { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status of open can be expired.' } }];
      session.status = 'expired';
      return [200, session];
    }
    if (method === 'GET' && url.pathname === '/v1/subscriptions') {
      const customer = url.searchParams.get('customer') ?? '';
      return [200, { object: 'list', url: '/v1/subscriptions', has_more: false, data: this.subscriptionsOf(customer) }];
    }
    const cancel = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
    if (method === 'DELETE' && cancel) {
      const subscription = this.subscriptions.get(cancel[1]);
      if (!subscription) return [404, { error: { type: 'invalid_request_error', message: `No such subscription: '${cancel[1]}'` } }];
      subscription.status = 'canceled';
      this.canceled.push(subscription.id);
      return [200, subscription];
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const customer = str(form.customer) ?? '';
      if (!this.customers.has(customer)) return [400, { error: { type: 'invalid_request_error', message: `No such customer: '${customer}'` } }];
      this.portalSessions.push({ customer, return_url: str(form.return_url) ?? '' });
      return [200, { id: this.nextId('bps'), object: 'billing_portal.session', customer, url: `${this.base}/portal/${customer}` }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname})` } }];
  }
}
