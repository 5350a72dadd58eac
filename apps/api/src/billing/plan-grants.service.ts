import type { BillingRepository } from '../repositories/billing.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { EntitlementsService } from './entitlements.service';
import { PAID_PLANS, type PaidPlan, type Plan } from './plans';

/** An operator's request that cannot be done, said in one line. */
export class PlanGrantError extends Error {
  override name = 'PlanGrantError';
}

export interface GrantResult {
  email: string;
  /** The account's plan after the change (a subscription or DEFAULT_PLAN may still give more). */
  plan: Plan;
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

  async grant(email: string, plan: string, until: Date | null, now = new Date()): Promise<GrantResult> {
    if (!(PAID_PLANS as readonly string[]).includes(plan)) throw new PlanGrantError(`The plan must be one of ${PAID_PLANS.join(', ')}, not "${plan}"`);
    if (until && until.getTime() <= now.getTime()) throw new PlanGrantError(`--until must be in the future, not ${until.toISOString()}`);
    const userId = await this.accountOf(email);
    await this.billing.grant(userId, plan as PaidPlan, until);
    return { email, plan: await this.entitlements.planOf(userId, now) };
  }

  async revoke(email: string): Promise<GrantResult & { revoked: boolean }> {
    const userId = await this.accountOf(email);
    const revoked = await this.billing.revoke(userId);
    return { email, revoked, plan: await this.entitlements.planOf(userId) };
  }

  private async accountOf(email: string): Promise<string> {
    const user = await this.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new PlanGrantError(`No account has the email ${email}`);
    return user.id;
  }
}
