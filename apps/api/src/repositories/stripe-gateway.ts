import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig, StripeConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';

/** Stripe did not answer, or answered with an error: the caller reports it as Stripe's failure, not the user's. */
export class PaymentProviderError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`Stripe ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'PaymentProviderError';
  }
}

/** A webhook request whose signature does not hold (or whose time is off): answered 400. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** A subscription as Stripe has it now. */
export interface StripeSubscriptionState {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  /** The plan our checkout wrote into the subscription's metadata. */
  metadataPlan: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  endedAt: Date | null;
}

/** What we read from a verified event: never its object's state, only who it is about. */
export interface VerifiedStripeEvent {
  id: string;
  type: string;
  created: Date;
  customerId: string | null;
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  plan: string;
  priceId: string;
  trialDays: number | null;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

const dateOf = (seconds: number | null | undefined): Date | null => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Stripe, through its SDK: the only file that imports `stripe`. Customers, subscription-mode Checkout Sessions, the
 * customer portal, reading a customer's subscriptions, and verifying webhook signatures. Without STRIPE_SECRET_KEY it
 * is disabled and every call but `enabled` throws.
 */
@Injectable()
export class StripeGateway {
  /** Stripe's own default; the signature's age limit, applied to timestamps in the future too. */
  static readonly toleranceSeconds = 300;
  static readonly apiVersion = '2026-10-28.endive';

  private readonly client?: Stripe;
  private readonly settings?: StripeConfig;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = config.stripe;
    if (!this.settings) return;
    const base = this.settings.apiBase ? new URL(this.settings.apiBase) : undefined;
    this.client = new Stripe(this.settings.secretKey, {
      apiVersion: StripeGateway.apiVersion,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  get enabled(): boolean {
    return this.client !== undefined;
  }

  get webhookEnabled(): boolean {
    return (this.settings?.webhookSecrets.length ?? 0) > 0;
  }

  /** A new customer for the account; the same key returns the same customer when a request is repeated. */
  createCustomer(userId: string, email: string | null): Promise<string> {
    return this.call('customer creation', async (stripe) => {
      const customer = await stripe.customers.create({ ...(email ? { email } : {}), metadata: { userId } }, { idempotencyKey: `customer:${userId}` });
      return customer.id;
    });
  }

  /** A subscription-mode Checkout Session: its id, and the URL of its page. */
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    return this.call('checkout', async (stripe) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [{ price: request.priceId, quantity: 1 }],
          subscription_data: {
            ...(request.trialDays ? { trial_period_days: request.trialDays } : {}),
            metadata: { userId: request.userId, plan: request.plan },
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('the session has no URL');
      return { id: session.id, url: session.url };
    });
  }

  /**
   * Expires the customer's open Checkout Sessions but `keepId`, so that of two tabs that started checkouts only the
   * newer can still be paid; one paid (or expired) meanwhile is passed over. Returns how many it expired.
   */
  expireOtherCheckouts(customerId: string, keepId: string): Promise<number> {
    return this.call('checkout expiry', async (stripe) => {
      let expired = 0;
      for await (const session of stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 })) {
        if (session.id === keepId) continue;
        try {
          await stripe.checkout.sessions.expire(session.id);
          expired++;
        } catch (e) {
          // "Only Checkout Sessions with a status of open can be expired": it completed or expired since the listing.
          if (!(e instanceof Stripe.errors.StripeInvalidRequestError)) throw e;
        }
      }
      return expired;
    });
  }

  /** The customer portal (cancel, switch plan, invoices) for this customer, returning to `returnUrl`. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    return this.call('portal', async (stripe) => (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url);
  }

  /** Ends the subscription now (not at the period's end): the account's data is being deleted. */
  cancelSubscriptionNow(subscriptionId: string): Promise<void> {
    return this.call('subscription cancellation', async (stripe) => void (await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel:${subscriptionId}` })));
  }

  /** Every subscription of the customer, whatever its status. */
  listSubscriptions(customerId: string): Promise<StripeSubscriptionState[]> {
    return this.call('subscription listing', async (stripe) => {
      const states: StripeSubscriptionState[] = [];
      for await (const sub of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
        const item = sub.items.data[0];
        states.push({
          id: sub.id,
          customerId: idOf(sub.customer) ?? customerId,
          status: sub.status,
          priceId: item?.price?.id ?? null,
          metadataPlan: sub.metadata?.plan ?? null,
          cancelAtPeriodEnd: sub.cancel_at_period_end,
          // Since API 2025-03-31 the period lives on the items.
          currentPeriodEnd: dateOf(item?.current_period_end),
          trialStart: dateOf(sub.trial_start),
          trialEnd: dateOf(sub.trial_end),
          endedAt: dateOf(sub.ended_at),
        });
      }
      return states;
    });
  }

  /**
   * The event of a webhook request, when its signature holds for one of the configured secrets and it was signed at
   * most 300 s ago and not more than 300 s ahead of our clock. `rawBody` must be the bytes as received.
   */
  verifyEvent(rawBody: Buffer, signatureHeader: string, now = Date.now()): VerifiedStripeEvent {
    if (!this.client || !this.settings) throw new WebhookSignatureError('Stripe is not configured');
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signatureHeader)?.[1]);
    if (!Number.isFinite(signedAt)) throw new WebhookSignatureError('The Stripe-Signature header has no timestamp');
    if (signedAt * 1000 > now + StripeGateway.toleranceSeconds * 1000) throw new WebhookSignatureError('The signature is dated in the future');
    let event: Stripe.Event | undefined;
    for (const secret of this.settings.webhookSecrets) {
      try {
        event = this.client.webhooks.constructEvent(rawBody, signatureHeader, secret, StripeGateway.toleranceSeconds, undefined, now);
        break;
      } catch (e) {
        if (!(e instanceof Stripe.errors.StripeSignatureVerificationError)) throw new WebhookSignatureError((e as Error).message);
      }
    }
    if (!event) throw new WebhookSignatureError('No signature matches a configured webhook secret, or it is too old');
    const object = event.data.object as { object?: string; id?: string; customer?: string | { id: string } | null };
    return {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      customerId: object.object === 'customer' ? (object.id ?? null) : idOf(object.customer),
    };
  }

  private async call<T>(operation: string, work: (stripe: Stripe) => Promise<T>): Promise<T> {
    if (!this.client) throw new PaymentProviderError(operation, 'Stripe is not configured');
    try {
      return await work(this.client);
    } catch (e) {
      throw new PaymentProviderError(operation, e);
    }
  }
}
