import type { Limiter } from '../../core/metrics/metrics';
import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { Principal } from '../../auth/principals.service';
import { EntitlementsService } from '../../billing/entitlements.service';
import { type Plan, PLAN_LIMITS, type PlanLimits } from '../../repositories/schema/plans';
import type { AppConfig } from '../../core/config/config';
import { APP_CONFIG } from '../../core/config/config.module';
import type { Station } from '../../repositories/schema/station.entity';
import { admissionLimit, mayPlay, planThatOpens } from './listener-terms';
import { RadioPass } from './radio-pass';
import { premiumRequired } from '../../core/http/plan-required';

const PLAN_NAMES: Record<Plan, string> = { basic: 'Basic', premium: 'Premium', ultra: 'Ultra' };

/** The relay's refusals that name what would let the listener in. */
export const relayErrors = {
  /** A premium station for a plan without premium stations: 403 with the plan that opens it (`requiredPlan`). */
  premiumStation: (station: Pick<Station, 'name' | 'plan'>) => {
    const requiredPlan = planThatOpens(station);
    return premiumRequired(`${station.name} plays on the ${PLAN_NAMES[requiredPlan]} plan and above`, requiredPlan);
  },
  full: (station: Pick<Station, 'name'>, limit: number, max: number) =>
    // `limiter`: counted as a refusal by the station's listener limit (docs/metrics.md).
    Object.assign(
      new ServiceUnavailableException(
        limit === max
          ? `${station.name} has reached its limit of ${max} listeners; try again later`
          : `${station.name} has ${limit} of its ${max} listeners (the rest are kept for paid plans: Premium and Ultra still get in); try again later`,
      ),
      { limiter: 'relay_room' satisfies Limiter },
    ),
};

/**
 * Who a relay request plays for, and what their plan lets them (docs/architecture.md, "Plans on the relay"): the
 * bearer's account when the request has an access token or API key, else the account of the browser's radio pass,
 * else nobody signed in, who gets the installation's floor (DEFAULT_PLAN). The plan is read through EntitlementsService
 * on every new stream, so an upgrade or a downgrade counts from the next one.
 */
@Injectable()
export class RelayAccess {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly entitlements: EntitlementsService,
    private readonly pass: RadioPass,
  ) {}

  /** The account the stream plays for (undefined: signed out) and its plan's limits. */
  async listenerOf(req: Pick<IncomingMessage, 'headers'>, principal: Principal | undefined): Promise<{ userId?: string; plan: Plan | 'anonymous'; limits: PlanLimits }> {
    const userId = principal?.userId ?? (await this.pass.userOf(req));
    if (!userId) return { plan: 'anonymous', limits: PLAN_LIMITS[this.config.defaultPlan] };
    const plan = await this.entitlements.planOf(userId);
    return { userId, plan, limits: PLAN_LIMITS[plan] };
  }

  /** Refuses a premium station to a plan without premium stations. */
  checkStation(station: Pick<Station, 'name' | 'plan'>, limits: PlanLimits): void {
    if (!mayPlay(station, limits)) throw relayErrors.premiumStation(station);
  }

  /** Refuses the listener when the station already has as many listeners as their plan may join at (over every process). */
  checkRoom(station: Pick<Station, 'name'>, listeners: number, limits: PlanLimits): void {
    const max = this.config.relayMaxListeners;
    const limit = admissionLimit(max, this.config.relayPriorityShare, limits.priorityStreaming);
    if (listeners >= limit) throw relayErrors.full(station, limit, max);
  }
}
