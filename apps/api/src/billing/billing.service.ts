import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { BillingRepository, type SubscriptionUpsert } from '../repositories/billing.repository';
import { DatabaseRepository } from '../repositories/database.repository';
import { AdvisoryLock } from '../repositories/locks';
import { Mailer } from '../repositories/mailer';
import { PaymentProviderError, StripeGateway, type StripeSubscriptionState, WebhookSignatureError } from '../repositories/stripe-gateway';
import { UserRepository } from '../repositories/user.repository';
import { billingErrors } from './billing-errors';
import { BillingMails } from './billing-mails';
import type { BillingPlansDto, RedirectDto } from './billing.dto';
import { PAID_PLANS, type PaidPlan, PLAN_LIMITS, PLAN_PRICES_USD, PLANS, TRIAL_DAYS, trialAvailable } from '../repositories/schema/plans';

/** The Stripe events that may change a subscription: each makes us re-read the customer's subscriptions from Stripe. */
const SYNCING_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

/**
 * Buying and keeping a plan through Stripe: checkout, the customer portal, the webhook and the hourly reconciliation.
 * Events are triggers, never data: whatever arrives, in whatever order and however often, the customer's subscriptions
 * are re-read from Stripe and stored as they are there.
 */
@Injectable()
export class BillingService {
  /** Window of the checkout idempotency key: a double click (or a retry within it) gets the same session. */
  static readonly checkoutKeyWindowMs = 10 * 60 * 1000;
  /** How long a delivery waits for a concurrent delivery of the same event before asking Stripe to retry. */
  static readonly concurrentDeliveryWaitMs = 10_000;

  private readonly logger = new Logger('Billing');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly billing: BillingRepository,
    private readonly stripe: StripeGateway,
    private readonly users: UserRepository,
    private readonly mailer: Mailer,
    private readonly mails: BillingMails,
    private readonly database: DatabaseRepository,
  ) {}

  plans(): BillingPlansDto {
    return {
      onlinePayment: this.stripe.enabled,
      trialDays: TRIAL_DAYS,
      defaultPlan: this.config.defaultPlan,
      plans: PLANS.map((plan) => ({ plan, priceUsd: PLAN_PRICES_USD[plan], limits: { ...PLAN_LIMITS[plan] } })),
    };
  }

  /**
   * A Checkout Session for the plan. The account's one Stripe customer is made first, under its billing row's lock;
   * the session's idempotency key makes concurrent clicks share one session. A first subscription gets the trial.
   */
  async checkout(userId: string, plan: PaidPlan): Promise<RedirectDto> {
    if (!this.stripe.enabled || !this.config.stripe) throw billingErrors.disabled();
    try {
      const customerId = await this.customerFor(userId);
      // The webhook may be late or not configured: what Stripe has now decides whether a subscription already runs.
      await this.syncCustomer(customerId);
      const [history, customer] = await Promise.all([this.billing.subscriptionHistory(userId), this.billing.customerOf(userId)]);
      if (history.live) throw billingErrors.alreadySubscribed();
      const trial = trialAvailable(customer?.trialUsedAt, history.any);
      const window = Math.floor(Date.now() / BillingService.checkoutKeyWindowMs);
      const request = {
        customerId,
        userId,
        plan,
        priceId: this.config.stripe.prices[plan],
        trialDays: trial ? TRIAL_DAYS : null,
        successUrl: `${this.config.publicUrl}/subscription?checkout=success`,
        cancelUrl: `${this.config.publicUrl}/subscription?checkout=cancelled`,
        idempotencyKey: `checkout:${userId}:${plan}:${trial ? 'trial' : 'paid'}:${window}`,
      };
      // One open checkout per account: the new one expires the others, so two tabs (two plans) cannot both be paid.
      // Under the account's lock, so two checkouts started at once cannot expire each other.
      const session = await this.billing.withCustomerLock(userId, async () => {
        const created = await this.stripe.createCheckoutSession(request);
        await this.stripe.expireOtherCheckouts(customerId, created.id);
        return created;
      });
      return { url: session.url };
    } catch (e) {
      if (!(e instanceof PaymentProviderError)) throw e;
      this.logger.warn(e.message);
      throw billingErrors.checkoutFailed();
    }
  }

  /** Stripe's customer portal (cancel at period end, switch plan, invoices), returning to /subscription. */
  async portal(userId: string): Promise<RedirectDto> {
    if (!this.stripe.enabled) throw billingErrors.disabled();
    const customer = await this.billing.customerOf(userId);
    if (!customer?.stripeCustomerId) throw billingErrors.noBillingAccount();
    try {
      return { url: await this.stripe.createPortalSession(customer.stripeCustomerId, `${this.config.publicUrl}/subscription`) };
    } catch (e) {
      if (!(e instanceof PaymentProviderError)) throw e;
      this.logger.warn(e.message);
      throw billingErrors.portalFailed();
    }
  }

  /** Re-reads the account's subscriptions now (the page calls it on its return from checkout). */
  async syncUser(userId: string): Promise<void> {
    if (!this.stripe.enabled) return;
    const customer = await this.billing.customerOf(userId);
    if (!customer?.stripeCustomerId) return;
    try {
      await this.syncCustomer(customer.stripeCustomerId);
    } catch (e) {
      if (!(e instanceof PaymentProviderError)) throw e;
      this.logger.warn(e.message);
      throw billingErrors.syncFailed();
    }
  }

  /**
   * Cancels every live subscription of the account at once, and stores what Stripe says after (its data is being
   * deleted: nothing may be charged again). Throws when Stripe cannot be reached, so nothing is deleted before.
   */
  async cancelAllNow(userId: string): Promise<number> {
    if (!this.stripe.enabled) return 0;
    const customer = await this.billing.customerOf(userId);
    if (!customer?.stripeCustomerId) return 0;
    const live = (await this.stripe.listSubscriptions(customer.stripeCustomerId)).filter((s) => !['canceled', 'incomplete_expired'].includes(s.status));
    for (const subscription of live) await this.stripe.cancelSubscriptionNow(subscription.id);
    await this.syncCustomer(customer.stripeCustomerId);
    return live.length;
  }

  /**
   * A webhook delivery: verified against the raw body, then processed once per event id. A delivery that finds the
   * event being processed waits for that to finish; unknown event types are acknowledged and ignored.
   */
  async receiveWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    if (!this.stripe.webhookEnabled) throw billingErrors.webhookDisabled();
    let event;
    try {
      if (!rawBody || !signature) throw new WebhookSignatureError('A Stripe-Signature header and a body are required');
      event = this.stripe.verifyEvent(rawBody, signature);
    } catch (e) {
      if (e instanceof WebhookSignatureError) throw new BadRequestException({ message: e.message, code: 'invalid_signature' });
      throw e;
    }
    if (!SYNCING_EVENTS.has(event.type) || !event.customerId) return;

    const claim = await this.billing.claimEvent(event.id, event.type, event.created);
    if (claim === 'processed') return;
    if (claim === 'processing') return this.awaitConcurrentDelivery(event.id);
    try {
      const userId = await this.syncCustomer(event.customerId);
      if (userId) await this.mailAbout(event.type, userId);
      await this.billing.finishEvent(event.id);
    } catch (e) {
      await this.billing.failEvent(event.id, (e as Error).message);
      this.logger.warn(`Stripe event ${event.id} (${event.type}) failed: ${(e as Error).message}`);
      throw billingErrors.syncFailed();
    }
  }

  /** Every hour, one process re-reads the customers whose period should have turned over, or that nobody read for a day. */
  @Cron(CronExpression.EVERY_HOUR)
  async reconcile(): Promise<void> {
    if (!this.stripe.enabled) return;
    await this.database
      .unlessRunningElsewhere(AdvisoryLock.billingReconciliation, async () => {
        for (const customerId of await this.billing.customersToReconcile()) {
          await this.syncCustomer(customerId).catch((e: Error) => this.logger.warn(`Reconciling ${customerId} failed: ${e.message}`));
        }
      })
      .catch((e: Error) => this.logger.warn(`Reconciliation failed: ${e.message}`));
  }

  /** Stores the customer's subscriptions as Stripe has them now; the account they belong to, or null if not ours. */
  async syncCustomer(customerId: string): Promise<string | null> {
    const userId = await this.billing.userOfCustomer(customerId);
    if (!userId) return null;
    const states = await this.stripe.listSubscriptions(customerId);
    await this.billing.storeSubscriptions(userId, customerId, states.flatMap((s) => this.toRow(s)));
    return userId;
  }

  private async customerFor(userId: string): Promise<string> {
    return this.billing.withCustomerLock(userId, async (row, setCustomer) => {
      if (row.stripeCustomerId) return row.stripeCustomerId;
      const user = await this.users.findById(userId);
      const id = await this.stripe.createCustomer(userId, user?.email ?? null);
      await setCustomer(id);
      return id;
    });
  }

  /** The plan a subscription stands for: its price's, or (for a price since retired) what our checkout wrote on it. */
  private toRow(state: StripeSubscriptionState): SubscriptionUpsert[] {
    const prices = this.config.stripe?.prices;
    const byPrice = PAID_PLANS.find((plan) => prices?.[plan] === state.priceId);
    const plan = byPrice ?? PAID_PLANS.find((p) => p === state.metadataPlan);
    if (!plan) {
      this.logger.warn(`Subscription ${state.id} has price ${state.priceId ?? 'none'}, which is no plan of ours; ignored`);
      return [];
    }
    return [{ ...state, plan, priceId: state.priceId ?? '' }];
  }

  private async mailAbout(type: string, userId: string): Promise<void> {
    if (type !== 'customer.subscription.trial_will_end' && type !== 'invoice.payment_failed') return;
    const user = await this.users.findById(userId);
    if (!user?.email) return;
    const subscriptions = await this.billing.subscriptionsOf(userId);
    if (type === 'customer.subscription.trial_will_end') {
      // Also sent at once when a trial is ended early: only a trial still running is worth a reminder.
      const trial = subscriptions.find((s) => s.status === 'trialing' && s.trialEnd);
      if (trial?.trialEnd) await this.mailer.send(this.mails.trialEnding(user.email, trial.plan, trial.trialEnd));
      return;
    }
    const failing = subscriptions.find((s) => s.status === 'past_due' || s.status === 'unpaid' || s.status === 'incomplete') ?? subscriptions[0];
    if (failing) await this.mailer.send(this.mails.paymentFailed(user.email, failing.plan));
  }

  private async awaitConcurrentDelivery(eventId: string): Promise<void> {
    const deadline = Date.now() + BillingService.concurrentDeliveryWaitMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const status = await this.billing.eventStatus(eventId);
      if (status === 'processed') return;
      if (status === 'failed') break;
    }
    throw billingErrors.eventInProgress();
  }
}
