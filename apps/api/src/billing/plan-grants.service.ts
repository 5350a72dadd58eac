import type { BillingRepository } from '../repositories/billing.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { EntitlementsService } from './entitlements.service';
import { type ApiPlanName, apiPlanFor, GRANTABLE_API_PLANS, type GrantableApiPlan } from '../repositories/schema/api-plans';
import { PAID_PLANS, type PaidPlan, type Plan } from '../repositories/schema/plans';

/** An operator's request that cannot be done, said in one line. */
export class PlanGrantError extends Error {
  override name = 'PlanGrantError';
}

export interface GrantResult {
  email: string;
  /** The account's plan after the change (a subscription or DEFAULT_PLAN may still give more). */
  plan: Plan;
  /** Its developer API plan after the change. */
  apiPlan: ApiPlanName;
}

/**
 * Plans an operator sets by hand (`npm run plans`): for installations without online payment, gifts and staff.
 * A grant is one per account, replaced by the next one; it stands beside any subscription, and the higher wins.
 */
export class PlanGrantsService {
  constructor(
    private readonly users: UserRepository,
    private readonly billing: BillingRepository,
    private readonly entitlements: EntitlementsService,
  ) {}

  /** A consumer plan (premium, ultra) or a developer API plan (startup … enterprise), by its name. */
  async grant(email: string, plan: string, until: Date | null, now = new Date()): Promise<GrantResult> {
    const consumer = (PAID_PLANS as readonly string[]).includes(plan);
    if (!consumer && !(GRANTABLE_API_PLANS as readonly string[]).includes(plan)) {
      throw new PlanGrantError(`The plan must be one of ${[...PAID_PLANS, ...GRANTABLE_API_PLANS].join(', ')}, not "${plan}"`);
    }
    if (until && until.getTime() <= now.getTime()) throw new PlanGrantError(`--until must be in the future, not ${until.toISOString()}`);
    const userId = await this.accountOf(email);
    if (consumer) await this.billing.grant(userId, plan as PaidPlan, until);
    else await this.billing.grantApi(userId, plan as GrantableApiPlan, until);
    return { email, ...(await this.plansOf(userId, now)) };
  }

  /** Removes the consumer plan grant, or with `api` the developer API plan grant. */
  async revoke(email: string, api = false): Promise<GrantResult & { revoked: boolean }> {
    const userId = await this.accountOf(email);
    const revoked = api ? await this.billing.revokeApi(userId) : await this.billing.revoke(userId);
    return { email, revoked, ...(await this.plansOf(userId)) };
  }

  private async plansOf(userId: string, now = new Date()): Promise<{ plan: Plan; apiPlan: ApiPlanName }> {
    const [entitlements, apiGrant] = await Promise.all([this.entitlements.entitlementsOf(userId, now), this.billing.apiGrantOf(userId)]);
    return { plan: entitlements.plan, apiPlan: apiPlanFor(entitlements.limits.apiPlan, apiGrant, now) };
  }

  private async accountOf(email: string): Promise<string> {
    const user = await this.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new PlanGrantError(`No account has the email ${email}`);
    return user.id;
  }
}
