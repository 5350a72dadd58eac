import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { BillingRepository } from '../repositories/billing.repository';
import type { BetaFeature } from '../repositories/schema/beta-features';
import type { EntitlementsDto } from './billing.dto';
import { ENTITLING_STATUSES, type Plan, PLAN_LIMITS, type PlanLimits, planFor, trialAvailable } from '../repositories/schema/plans';

/**
 * What an account may do: its plan (from its subscriptions, an operator's grant and the installation's DEFAULT_PLAN)
 * and that plan's limits. Every feature that depends on the plan asks this service, and nothing else.
 */
@Injectable()
export class EntitlementsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly billing: BillingRepository,
  ) {}

  async planOf(userId: string, now = new Date()): Promise<Plan> {
    return (await this.entitlementsOf(userId, now)).plan;
  }

  async limitsOf(userId: string, now = new Date()): Promise<PlanLimits> {
    return PLAN_LIMITS[await this.planOf(userId, now)];
  }

  /** Features in beta on this installation (BETA_FEATURES): what everyone sees as coming. */
  get inBeta(): readonly BetaFeature[] {
    return this.config.betaFeatures;
  }

  /** Whether the account may use `feature`: everyone may unless it is in beta, then only plans with betaFeatures. */
  async mayUse(userId: string, feature: BetaFeature, now = new Date()): Promise<boolean> {
    return !this.config.betaFeatures.includes(feature) || (await this.limitsOf(userId, now)).betaFeatures;
  }

  async entitlementsOf(userId: string, now = new Date()): Promise<EntitlementsDto> {
    const [subscriptions, grant, customer] = await Promise.all([this.billing.subscriptionsOf(userId), this.billing.grantOf(userId), this.billing.customerOf(userId)]);
    const floor = this.config.defaultPlan;
    const bySubscription = planFor(subscriptions, floor, now);
    const plan = planFor([...subscriptions, ...(grant ? [grant] : [])], floor, now);
    const source = plan === floor ? 'default' : plan === bySubscription ? 'subscription' : 'grant';
    // The subscription to show: the one that entitles now (the highest), else the most recent.
    const shown = subscriptions.find((s) => ENTITLING_STATUSES.includes(s.status) && s.plan === bySubscription) ?? subscriptions[0];
    return {
      plan,
      source,
      limits: { ...PLAN_LIMITS[plan] },
      beta: PLAN_LIMITS[plan].betaFeatures ? [...this.config.betaFeatures] : [],
      subscription: shown
        ? {
            plan: shown.plan,
            entitles: ENTITLING_STATUSES.includes(shown.status),
            cancelAtPeriodEnd: shown.cancelAtPeriodEnd,
            currentPeriodEnd: shown.currentPeriodEnd?.toISOString() ?? null,
            trialEnd: shown.status === 'trialing' ? (shown.trialEnd?.toISOString() ?? null) : null,
          }
        : null,
      ...(grant && (!grant.until || grant.until > now) ? { grantUntil: grant.until?.toISOString() ?? null } : {}),
      trialAvailable: trialAvailable(customer?.trialUsedAt, subscriptions.length > 0),
    };
  }
}
