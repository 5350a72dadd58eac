import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import type { PaidPlan } from './schema/plans';
import type { GrantableApiPlan } from './schema/api-plans';
import { AdvisoryLock } from './locks';

/** A subscription row as the entitlements and the subscription page read it. */
export interface SubscriptionRow {
  id: string;
  plan: PaidPlan;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
}

export interface ApiPlanGrantRow {
  plan: GrantableApiPlan;
  until: Date | null;
}

export interface PlanGrantRow {
  plan: PaidPlan;
  until: Date | null;
}

/** A subscription to store, as Stripe has it, with the plan its price stands for. */
export interface SubscriptionUpsert {
  id: string;
  plan: PaidPlan;
  priceId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  endedAt: Date | null;
}

export interface BillingCustomerRow {
  stripeCustomerId: string | null;
  trialUsedAt: Date | null;
}

/** Whether this delivery of an event may process it. */
export type EventClaim = 'claimed' | 'processed' | 'processing';

/** Statuses of a subscription that still runs or may still start (a new checkout would make a second one). */
const LIVE_STATUSES = ['trialing', 'active', 'past_due', 'incomplete', 'unpaid', 'paused'];

/**
 * Billing's tables: each account's Stripe customer, the subscriptions as Stripe last said, the webhook events taken on,
 * and the operators' plan grants.
 */
@Injectable()
export class BillingRepository {
  /** How long one delivery may hold an event before another may take it over. */
  static readonly eventLeaseSeconds = 60;

  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  async subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
    return (await this.manager.query(
      `SELECT id, plan, status, cancel_at_period_end AS "cancelAtPeriodEnd", current_period_end AS "currentPeriodEnd", trial_end AS "trialEnd"
       FROM billing_subscriptions WHERE user_id = $1 ORDER BY current_period_end DESC NULLS LAST`,
      [userId],
    )) as SubscriptionRow[];
  }

  async grantOf(userId: string): Promise<PlanGrantRow | null> {
    const [row] = (await this.manager.query('SELECT plan, until FROM plan_grants WHERE user_id = $1', [userId])) as PlanGrantRow[];
    return row ?? null;
  }

  async grant(userId: string, plan: PaidPlan, until: Date | null): Promise<void> {
    await this.upsertGrant('plan_grants', userId, plan, until);
  }

  /** Whether there was a grant to remove. */
  async revoke(userId: string): Promise<boolean> {
    return this.deleteGrant('plan_grants', userId);
  }

  async apiGrantOf(userId: string): Promise<ApiPlanGrantRow | null> {
    const [row] = (await this.manager.query('SELECT plan, until FROM api_plan_grants WHERE user_id = $1', [userId])) as ApiPlanGrantRow[];
    return row ?? null;
  }

  async grantApi(userId: string, plan: GrantableApiPlan, until: Date | null): Promise<void> {
    await this.upsertGrant('api_plan_grants', userId, plan, until);
  }

  /** Whether there was an API plan grant to remove. */
  async revokeApi(userId: string): Promise<boolean> {
    return this.deleteGrant('api_plan_grants', userId);
  }

  /** One grant per account and kind: the next one replaces it. */
  private async upsertGrant(table: 'plan_grants' | 'api_plan_grants', userId: string, plan: string, until: Date | null): Promise<void> {
    await this.manager.query(
      `INSERT INTO ${table} (user_id, plan, until) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET plan = EXCLUDED.plan, until = EXCLUDED.until, granted_at = now()`,
      [userId, plan, until],
    );
  }

  private async deleteGrant(table: 'plan_grants' | 'api_plan_grants', userId: string): Promise<boolean> {
    const [, removed] = (await this.manager.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId])) as [unknown, number];
    return removed > 0;
  }

  async customerOf(userId: string): Promise<BillingCustomerRow | null> {
    const [row] = (await this.manager.query(
      'SELECT stripe_customer_id AS "stripeCustomerId", trial_used_at AS "trialUsedAt" FROM billing_customers WHERE user_id = $1',
      [userId],
    )) as BillingCustomerRow[];
    return row ?? null;
  }

  async userOfCustomer(stripeCustomerId: string): Promise<string | null> {
    const [row] = (await this.manager.query('SELECT user_id FROM billing_customers WHERE stripe_customer_id = $1', [stripeCustomerId])) as { user_id: string }[];
    return row?.user_id ?? null;
  }

  /** Whether the account has ever had a subscription, or has one that may still run. */
  async subscriptionHistory(userId: string): Promise<{ any: boolean; live: boolean }> {
    const [row] = (await this.manager.query(
      'SELECT count(*)::int AS any, count(*) FILTER (WHERE status = ANY($2))::int AS live FROM billing_subscriptions WHERE user_id = $1',
      [userId, LIVE_STATUSES],
    )) as { any: number; live: number }[];
    return { any: row.any > 0, live: row.live > 0 };
  }

  /**
   * Runs `work` holding the account's billing row locked (created if missing), so two checkouts of one account run one
   * after the other; `work` gets the row and may record the customer it created. Commits when `work` resolves.
   */
  withCustomerLock<T>(userId: string, work: (row: BillingCustomerRow, setCustomer: (id: string) => Promise<void>) => Promise<T>): Promise<T> {
    return this.manager.transaction(async (tx) => {
      await tx.query('INSERT INTO billing_customers (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
      const [row] = (await tx.query(
        'SELECT stripe_customer_id AS "stripeCustomerId", trial_used_at AS "trialUsedAt" FROM billing_customers WHERE user_id = $1 FOR UPDATE',
        [userId],
      )) as BillingCustomerRow[];
      return work(row, async (id) => void (await tx.query('UPDATE billing_customers SET stripe_customer_id = $2 WHERE user_id = $1', [userId, id])));
    });
  }

  /**
   * Makes the stored subscriptions of a customer what Stripe says they are, in one transaction serialized per customer
   * (two syncs of one customer cannot interleave). The first trial seen spends the account's trial.
   */
  async storeSubscriptions(userId: string, stripeCustomerId: string, subscriptions: SubscriptionUpsert[]): Promise<void> {
    await this.manager.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [AdvisoryLock.billingCustomerSync, stripeCustomerId]);
      for (const s of subscriptions) {
        await tx.query(
          `INSERT INTO billing_subscriptions (id, user_id, stripe_customer_id, plan, price_id, status, cancel_at_period_end, current_period_end, trial_end, ended_at, synced_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
           ON CONFLICT (id) DO UPDATE SET plan = EXCLUDED.plan, price_id = EXCLUDED.price_id, status = EXCLUDED.status,
             cancel_at_period_end = EXCLUDED.cancel_at_period_end, current_period_end = EXCLUDED.current_period_end,
             trial_end = EXCLUDED.trial_end, ended_at = EXCLUDED.ended_at, synced_at = now()`,
          [s.id, userId, stripeCustomerId, s.plan, s.priceId, s.status, s.cancelAtPeriodEnd, s.currentPeriodEnd, s.trialEnd, s.endedAt],
        );
      }
      // A subscription Stripe no longer lists for this customer is gone there: it entitles to nothing any more.
      await tx.query(
        `UPDATE billing_subscriptions SET status = 'canceled', ended_at = coalesce(ended_at, now()), synced_at = now()
         WHERE stripe_customer_id = $1 AND status <> 'canceled' AND NOT (id = ANY($2))`,
        [stripeCustomerId, subscriptions.map((s) => s.id)],
      );
      const trialStart = subscriptions.map((s) => s.trialStart).find((d) => d !== null);
      if (trialStart) await tx.query('UPDATE billing_customers SET trial_used_at = coalesce(trial_used_at, $2) WHERE user_id = $1', [userId, trialStart]);
    });
  }

  /**
   * Takes on a delivery of an event: the first one, one whose earlier processing failed, or one whose holder's lease
   * ran out may process it; otherwise it is already processed, or being processed by another delivery right now.
   */
  async claimEvent(id: string, type: string, created: Date): Promise<EventClaim> {
    const taken = (await this.manager.query(
      `INSERT INTO stripe_events (id, type, event_created, status, attempts, lease_until)
       VALUES ($1, $2, $3, 'processing', 1, now() + make_interval(secs => $4))
       ON CONFLICT (id) DO UPDATE SET status = 'processing', attempts = stripe_events.attempts + 1, lease_until = EXCLUDED.lease_until, received_at = now()
       WHERE stripe_events.status = 'failed' OR (stripe_events.status = 'processing' AND stripe_events.lease_until < now())
       RETURNING id`,
      [id, type, created, BillingRepository.eventLeaseSeconds],
    )) as unknown[];
    if (taken.length) return 'claimed';
    return (await this.eventStatus(id)) === 'processed' ? 'processed' : 'processing';
  }

  async eventStatus(id: string): Promise<'processing' | 'processed' | 'failed' | null> {
    const [row] = (await this.manager.query('SELECT status FROM stripe_events WHERE id = $1', [id])) as { status: 'processing' | 'processed' | 'failed' }[];
    return row?.status ?? null;
  }

  async finishEvent(id: string): Promise<void> {
    await this.manager.query(`UPDATE stripe_events SET status = 'processed', lease_until = NULL, last_error = NULL WHERE id = $1`, [id]);
  }

  async failEvent(id: string, error: string): Promise<void> {
    await this.manager.query(`UPDATE stripe_events SET status = 'failed', lease_until = NULL, last_error = $2 WHERE id = $1`, [id, error.slice(0, 2000)]);
  }

  /** Customers with a subscription that should have renewed or ended an hour ago, or that no one has read for a day. */
  async customersToReconcile(): Promise<string[]> {
    const rows = (await this.manager.query(
      `SELECT DISTINCT stripe_customer_id FROM billing_subscriptions
       WHERE status = ANY($1) AND (current_period_end < now() - interval '1 hour' OR synced_at < now() - interval '1 day')`,
      [LIVE_STATUSES],
    )) as { stripe_customer_id: string }[];
    return rows.map((r) => r.stripe_customer_id);
  }
}
