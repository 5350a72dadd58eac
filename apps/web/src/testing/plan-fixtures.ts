import type { PlanLimitsDto } from '@grouarock/api-client';

/** Each plan's limits as the API sends them (apps/api/src/billing/plans.ts), for tests that stand in for it. */
export const PLAN_LIMITS_FIXTURE = {
  basic: {
    aiGenerationsPerDay: 1, premiumStudioTools: false, longTracks: false, apiPlan: 'free', stations: 5,
    ads: true, priorityStreaming: false, audioQuality: 'standard', premiumStations: false, offline: false, recommendations: false, exclusiveLive: false, betaFeatures: false,
  },
  premium: {
    aiGenerationsPerDay: 10, premiumStudioTools: true, longTracks: true, apiPlan: 'free', stations: 50,
    ads: false, priorityStreaming: true, audioQuality: '320', premiumStations: true, offline: true, recommendations: true, exclusiveLive: false, betaFeatures: false,
  },
  ultra: {
    aiGenerationsPerDay: null, premiumStudioTools: true, longTracks: true, apiPlan: 'developer', stations: 200,
    ads: false, priorityStreaming: true, audioQuality: 'lossless', premiumStations: true, offline: true, recommendations: true, exclusiveLive: true, betaFeatures: true,
  },
} as const satisfies Record<string, PlanLimitsDto>;
