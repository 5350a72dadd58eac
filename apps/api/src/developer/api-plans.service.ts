import { Injectable } from '@nestjs/common';
import { EntitlementsService } from '../billing/entitlements.service';
import { BillingRepository } from '../repositories/billing.repository';
import { RateLimitStore } from '../repositories/rate-limit-store';
import { API_CALCULATOR, API_PLAN_LIMITS, API_PLAN_PRICES_PLN, API_PLANS, type ApiPlanLimits, type ApiPlanName, apiPlanFor, STREAMING_PLN_PER_GB } from '../repositories/schema/api-plans';
import type { ApiPlansDto, DeveloperUsageDto } from './developer.dto';
import { rateLimitFields } from './rate-limit-headers';

/** How long an account's API plan is remembered: a plan change reaches the limits within this time. */
const PLAN_CACHE_MS = 10_000;
const PLAN_CACHE_MAX = 10_000;

/** An account's developer API plan and its limits, asked on every keyed request (hence a short cache). */
@Injectable()
export class ApiPlansService {
  private readonly cache = new Map<string, { plan: ApiPlanName; until: number }>();

  constructor(
    private readonly entitlements: EntitlementsService,
    private readonly billing: BillingRepository,
    private readonly rateLimits: RateLimitStore,
  ) {}

  async planOf(userId: string): Promise<ApiPlanName> {
    const cached = this.cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.plan;
    const [limits, grant] = await Promise.all([this.entitlements.limitsOf(userId), this.billing.apiGrantOf(userId)]);
    const plan = apiPlanFor(limits.apiPlan, grant);
    if (this.cache.size >= PLAN_CACHE_MAX) this.cache.clear();
    this.cache.set(userId, { plan, until: Date.now() + PLAN_CACHE_MS });
    return plan;
  }

  async limitsOf(userId: string): Promise<{ plan: ApiPlanName; limits: ApiPlanLimits }> {
    const plan = await this.planOf(userId);
    return { plan, limits: API_PLAN_LIMITS[plan] };
  }

  /** Every API plan as the pricing table and the cost calculator show it. */
  offers(): ApiPlansDto {
    return {
      plans: API_PLANS.map((plan) => ({
        plan,
        pricePln: API_PLAN_PRICES_PLN[plan],
        ...API_PLAN_LIMITS[plan],
        calculatorBase: API_CALCULATOR[plan].base,
        calculatorIncluded: API_CALCULATOR[plan].included,
        calculatorExtraPerRequest: API_CALCULATOR[plan].extraPerRequest,
      })),
      streamingPlnPerGb: STREAMING_PLN_PER_GB,
    };
  }

  /** The account's plan and what is left of it, without using any of it. */
  async usage(userId: string): Promise<DeveloperUsageDto> {
    const { plan, limits } = await this.limitsOf(userId);
    const state = await this.rateLimits.peekApi(userId);
    const fields = rateLimitFields(limits, state);
    return {
      plan,
      monthlyRequests: limits.monthlyRequests,
      perMinute: limits.perMinute,
      burst: limits.burst,
      usedThisMonth: state.monthCount,
      requestsLeftNow: fields.tokens,
      monthResetsAt: new Date((state.now + fields.monthWait) * 1000).toISOString(),
    };
  }
}
