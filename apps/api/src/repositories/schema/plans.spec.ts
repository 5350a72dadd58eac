import { planFor, PLAN_LIMITS } from './plans';

describe('planFor', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('is the floor without any source', () => {
    expect(planFor([], 'basic', now)).toBe('basic');
    expect(planFor([], 'premium', now)).toBe('premium');
  });

  it.each(['trialing', 'active', 'past_due'])('counts a %s subscription', (status) => {
    expect(planFor([{ plan: 'premium', status }], 'basic', now)).toBe('premium');
  });

  it.each(['canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'])('ignores a %s subscription', (status) => {
    expect(planFor([{ plan: 'ultra', status }], 'basic', now)).toBe('basic');
  });

  it('takes the highest of several sources and never goes below the floor', () => {
    expect(planFor([{ plan: 'premium', status: 'active' }, { plan: 'ultra', status: 'trialing' }], 'basic', now)).toBe('ultra');
    expect(planFor([{ plan: 'premium', status: 'active' }], 'ultra', now)).toBe('ultra');
  });

  it('counts a grant until its end, and an open-ended one always', () => {
    expect(planFor([{ plan: 'ultra', until: new Date(now.getTime() + 1000) }], 'basic', now)).toBe('ultra');
    expect(planFor([{ plan: 'ultra', until: new Date(now.getTime()) }], 'basic', now)).toBe('basic');
    expect(planFor([{ plan: 'premium', until: null }], 'basic', now)).toBe('premium');
  });

  it('gives the limits the plans promise', () => {
    expect(PLAN_LIMITS.basic.aiGenerationsPerDay).toBe(1);
    expect(PLAN_LIMITS.premium.aiGenerationsPerDay).toBe(10);
    expect(PLAN_LIMITS.ultra.aiGenerationsPerDay).toBeNull();
    expect([PLAN_LIMITS.basic.premiumStudioTools, PLAN_LIMITS.premium.premiumStudioTools, PLAN_LIMITS.ultra.longTracks]).toEqual([false, true, true]);
    expect(PLAN_LIMITS.ultra.apiPlan).toBe('developer');
    // The listening benefits the plan cards sell: Basic hears ads and the basic stations in standard quality.
    expect(PLAN_LIMITS.basic).toMatchObject({ ads: true, priorityStreaming: false, audioQuality: 'standard', premiumStations: false, offline: false, recommendations: false, exclusiveLive: false, betaFeatures: false });
    expect(PLAN_LIMITS.premium).toMatchObject({ ads: false, priorityStreaming: true, audioQuality: '320', premiumStations: true, offline: true, recommendations: true, exclusiveLive: false, betaFeatures: false });
    expect(PLAN_LIMITS.ultra).toMatchObject({ ads: false, priorityStreaming: true, audioQuality: 'lossless', premiumStations: true, offline: true, recommendations: true, exclusiveLive: true, betaFeatures: true });
  });
});
