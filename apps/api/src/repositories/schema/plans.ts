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
  /** Stations the plan advertises (5, 50+, 200+): also how many a playlist may hold. */
  stations: number;
  /** Ad breaks in the radio player, every ADS_EVERY_MINUTES of listening ("Reklamy co 15 minut"). */
  ads: boolean;
  /** A share of each station relay's RELAY_MAX_LISTENERS is kept for these listeners ("Priorytetowy streaming"). */
  priorityStreaming: boolean;
  /** The best stream a station lists: its standard one, its 320 kbps one, or a lossless one where it has one. */
  audioQuality: AudioQuality;
  /** Stations the catalogue marks `plan: premium` ("Wszystkie kraje"); without it only the basic stations play. */
  premiumStations: boolean;
  /** Studio tracks and recordings kept in the browser for offline listening ("Playlisty offline"). */
  offline: boolean;
  /** "Dla Ciebie" on /radio, from the account's likes and listening. */
  recommendations: boolean;
  /** Live streams their streamers made Ultra-only ("Ekskluzywne wydarzenia na żywo"). */
  exclusiveLive: boolean;
  /** Features in beta, shown to these accounts first ("Nowe funkcje w wersji beta jako pierwszy"). */
  betaFeatures: boolean;
}

/** Stream qualities, lowest first: the order is the ranking. */
export const AUDIO_QUALITIES = ['standard', '320', 'lossless'] as const;
export type AudioQuality = (typeof AUDIO_QUALITIES)[number];

const BASIC_LISTENING = { ads: true, priorityStreaming: false, audioQuality: 'standard', premiumStations: false, offline: false, recommendations: false } as const;
const PAID_LISTENING = { ads: false, priorityStreaming: true, premiumStations: true, offline: true, recommendations: true } as const;

export const PLAN_LIMITS: Readonly<Record<Plan, Readonly<PlanLimits>>> = {
  basic: { aiGenerationsPerDay: 1, premiumStudioTools: false, longTracks: false, apiPlan: 'free', stations: 5, ...BASIC_LISTENING, exclusiveLive: false, betaFeatures: false },
  premium: { aiGenerationsPerDay: 10, premiumStudioTools: true, longTracks: true, apiPlan: 'free', stations: 50, ...PAID_LISTENING, audioQuality: '320', exclusiveLive: false, betaFeatures: false },
  ultra: { aiGenerationsPerDay: null, premiumStudioTools: true, longTracks: true, apiPlan: 'developer', stations: 200, ...PAID_LISTENING, audioQuality: 'lossless', exclusiveLive: true, betaFeatures: true },
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
