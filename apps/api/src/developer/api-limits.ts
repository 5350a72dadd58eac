import type { Limiter } from '../core/metrics/metrics';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type ApiTake, RateLimitStore } from '../repositories/rate-limit-store';
import type { ApiPlanLimits } from '../repositories/schema/api-plans';
import { ApiPlansService } from './api-plans.service';
import { rateLimitFields } from './rate-limit-headers';

/** 429 as an RFC 9457 problem (the IETF's quota-exceeded type), with our usual error fields beside it. */
export class QuotaExceededException extends HttpException {
  readonly problem: object;
  /** docs/metrics.md: grouarock_limit_refusals_total's `limiter`. */
  readonly limiter: Limiter = 'api_plan';
  constructor(
    readonly retryAfterSeconds: number,
    violated: 'minute' | 'month',
  ) {
    super(
      {
        message: violated === 'month' ? 'The monthly request quota of your API plan is used up' : 'Too many requests for your API plan: slow down and retry after Retry-After seconds',
        code: 'quota_exceeded',
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
    this.problem = {
      type: 'https://iana.org/assignments/http-problem-types#quota-exceeded',
      title: 'Request cannot be satisfied as assigned quota has been exceeded',
      status: 429,
      'violated-policies': [violated],
    };
  }
}

/**
 * The developer API's limits (docs/developer-api.md, "Limits"): every request made with an API key takes one request
 * of its account's plan, in PostgreSQL so that all API processes share the count, and every answer to it says what
 * is left. AuthGuard admits a request here as soon as it has found its key, before any other check, so that a key's
 * refused requests (a read-only key writing, say) count too.
 */
@Injectable()
export class ApiLimits {
  constructor(
    private readonly plans: ApiPlansService,
    private readonly store: RateLimitStore,
  ) {}

  /** Takes one request of the account's plan and sets the RateLimit fields; throws the 429 when none is left. */
  async admit(accountId: string, response: FastifyReply): Promise<void> {
    const { limits } = await this.plans.limitsOf(accountId);
    const { intervalSeconds, burst, monthLimit } = ApiLimits.takeOf(limits);
    ApiLimits.answer(limits, await this.store.takeApi(accountId, intervalSeconds, burst, monthLimit), response);
  }

  /** The plan's limits as RateLimitStore takes them. */
  static takeOf(limits: ApiPlanLimits): { intervalSeconds: number; burst: number; monthLimit: number | null } {
    return { intervalSeconds: 60 / limits.perMinute, burst: limits.burst, monthLimit: limits.monthlyRequests };
  }

  /** Sets the RateLimit fields of a take (made elsewhere, ApiKeyAccess) and throws the 429 when it was refused. */
  static answer(limits: ApiPlanLimits, take: ApiTake, response: FastifyReply): void {
    const fields = rateLimitFields(limits, take);
    response.header('RateLimit-Policy', fields.policy);
    response.header('RateLimit', fields.remaining);
    if (!take.allowed) throw new QuotaExceededException(take.limitedBy === 'month' ? fields.monthWait : fields.minuteWait, take.limitedBy ?? 'minute');
  }
}
