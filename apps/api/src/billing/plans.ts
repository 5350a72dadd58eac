/** The consumer plans, cheapest first: the order is the ranking (a higher index is a higher plan). */
export const PLANS = ['basic', 'premium', 'ultra'] as const;
export type Plan = (typeof PLANS)[number];
/** The plans a subscription or an operator's grant can give (Basic is what everyone has without one). */
export const PAID_PLANS = ['premium', 'ultra'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** The developer API plan an account's consumer plan includes (the developer platform adds the paid API plans). */
export type ApiPlan = 'free' | 'developer';

export interface PlanLimits {
  /** AI studio generations per Europe/Warsaw calendar day; null is unlimited. */
  aiGenerationsPerDay: number | null;
  /** The studio's premium providers and tools (AIVA, BandLab). */
  premiumStudioTools: boolean;
  /** Studio tracks of 5 minutes and more. */
  longTracks: boolean;
  apiPlan: ApiPlan;
  /** Stations the plan advertises (5, 50+, 200+). */
  stations: number;
}

export const PLAN_LIMITS: Readonly<Record<Plan, Readonly<PlanLimits>>> = {
  basic: { aiGenerationsPerDay: 1, premiumStudioTools: false, longTracks: false, apiPlan: 'free', stations: 5 },
  premium: { aiGenerationsPerDay: 10, premiumStudioTools: true, longTracks: true, apiPlan: 'free', stations: 50 },
  ultra: { aiGenerationsPerDay: null, premiumStudioTools: true, longTracks: true, apiPlan: 'developer', stations: 200 },
};

/** Monthly prices in US dollars, as the subscription page shows them (Stripe's prices are the operator's to match). */
export const PLAN_PRICES_USD: Readonly<Record<Plan, number>> = { basic: 0, premium: 5, ultra: 10 };

/** Days a first subscription is free. Once per account. */
export const TRIAL_DAYS = 30;

/** The free trial is for an account's first subscription: none spent, and no subscription ever. */
export function trialAvailable(trialUsedAt: Date | null | undefined, hadSubscription: boolean): boolean {
  return !trialUsedAt && !hadSubscription;
}

/**
 * Stripe statuses that give the plan: a trial, a paid period, and a failed renewal still being retried. A subscription
 * cancelled at period end stays `active` until that end, so access lasts as long as what was paid for.
 */
export const ENTITLING_STATUSES: readonly string[] = ['trialing', 'active', 'past_due'];

export function higherPlan(a: Plan, b: Plan): Plan {
  return PLANS.indexOf(a) >= PLANS.indexOf(b) ? a : b;
}

/** Something that may give an account a plan: a subscription (with its status) or an operator's grant (with its end). */
export interface PlanSource {
  plan: PaidPlan;
  /** A subscription's Stripe status; absent for a grant. */
  status?: string;
  /** A grant's end; null or absent is open-ended. */
  until?: Date | null;
}

function entitles(source: PlanSource, now: Date): boolean {
  if (source.status !== undefined && !ENTITLING_STATUSES.includes(source.status)) return false;
  return !source.until || source.until.getTime() > now.getTime();
}

/** An account's plan: the highest its live subscriptions and grants give, never below the installation's floor. */
export function planFor(sources: readonly PlanSource[], floor: Plan = 'basic', now: Date = new Date()): Plan {
  return sources.filter((s) => entitles(s, now)).reduce<Plan>((plan, s) => higherPlan(plan, s.plan), floor);
}
