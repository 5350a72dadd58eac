/**
 * The developer API plans of the spec's section 9, and how their numbers become limits (docs/developer-api.md,
 * "Limits"). "Per minute" is the sustained rate and "burst per 10 s" the bucket: a key idle for a while may send the
 * burst back to back, then one request every 60/perMinute seconds. Limits are per account, over all its keys.
 */
export const API_PLANS = ['free', 'startup', 'developer', 'business', 'enterprise'] as const;
export type ApiPlanName = (typeof API_PLANS)[number];
/** The plans an operator can set with the plans command (Free is every confirmed account's; Ultra includes Developer). */
export const GRANTABLE_API_PLANS = ['startup', 'developer', 'business', 'enterprise'] as const;
export type GrantableApiPlan = (typeof GRANTABLE_API_PLANS)[number];

export interface ApiPlanLimits {
  /** Requests per UTC calendar month; null is unlimited. */
  monthlyRequests: number | null;
  perMinute: number;
  burst: number;
}

export const API_PLAN_LIMITS: Readonly<Record<ApiPlanName, Readonly<ApiPlanLimits>>> = {
  free: { monthlyRequests: 1_000, perMinute: 10, burst: 50 },
  startup: { monthlyRequests: 10_000, perMinute: 50, burst: 200 },
  developer: { monthlyRequests: 100_000, perMinute: 200, burst: 1_000 },
  business: { monthlyRequests: 500_000, perMinute: 1_000, burst: 5_000 },
  // The spec does not show Enterprise's rates; these are the defaults an operator's contract would replace.
  enterprise: { monthlyRequests: null, perMinute: 2_000, burst: 10_000 },
};

/** Monthly prices in PLN as the pricing table shows them; Enterprise is by contract. */
export const API_PLAN_PRICES_PLN: Readonly<Record<ApiPlanName, number | null>> = { free: 0, startup: 49, developer: 149, business: 399, enterprise: null };

/** The cost calculator's terms (spec section 9, "Calculator"): a base in PLN, the requests it includes, PLN per extra one. */
export const API_CALCULATOR: Readonly<Record<ApiPlanName, { base: number; included: number; extraPerRequest: number }>> = {
  free: { base: 0, included: 1_000, extraPerRequest: 0.05 },
  startup: { base: 49, included: 10_000, extraPerRequest: 0.04 },
  developer: { base: 149, included: 100_000, extraPerRequest: 0.003 },
  business: { base: 399, included: 500_000, extraPerRequest: 0.002 },
  enterprise: { base: 999, included: 1_000_000, extraPerRequest: 0.001 },
};

/** Streaming in the calculator: PLN per GB. */
export const STREAMING_PLN_PER_GB = 0.2;

export function higherApiPlan(a: ApiPlanName, b: ApiPlanName): ApiPlanName {
  return API_PLANS.indexOf(a) >= API_PLANS.indexOf(b) ? a : b;
}

/**
 * An account's API plan: what its consumer plan includes (Ultra includes Developer), or an operator's grant while it
 * lasts, whichever is higher.
 */
export function apiPlanFor(included: ApiPlanName, grant: { plan: GrantableApiPlan; until: Date | null } | null, now = new Date()): ApiPlanName {
  const granted = grant && (!grant.until || grant.until.getTime() > now.getTime()) ? grant.plan : 'free';
  return higherApiPlan(included, granted);
}
