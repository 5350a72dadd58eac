import { apiPlanFor, API_PLAN_LIMITS } from './api-plans';

describe('API plans', () => {
  it('has the spec’s numbers: month, per minute and burst per plan', () => {
    expect(API_PLAN_LIMITS.free).toEqual({ monthlyRequests: 1_000, perMinute: 10, burst: 50 });
    expect(API_PLAN_LIMITS.startup).toEqual({ monthlyRequests: 10_000, perMinute: 50, burst: 200 });
    expect(API_PLAN_LIMITS.developer).toEqual({ monthlyRequests: 100_000, perMinute: 200, burst: 1_000 });
    expect(API_PLAN_LIMITS.business).toEqual({ monthlyRequests: 500_000, perMinute: 1_000, burst: 5_000 });
    expect(API_PLAN_LIMITS.enterprise.monthlyRequests).toBeNull();
  });

  it('takes the higher of the included plan and a grant that has not ended', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(apiPlanFor('free', null, now)).toBe('free');
    expect(apiPlanFor('developer', null, now)).toBe('developer');
    expect(apiPlanFor('free', { plan: 'startup', until: null }, now)).toBe('startup');
    expect(apiPlanFor('developer', { plan: 'startup', until: null }, now)).toBe('developer');
    expect(apiPlanFor('developer', { plan: 'business', until: new Date('2026-12-01T00:00:00Z') }, now)).toBe('business');
    expect(apiPlanFor('free', { plan: 'business', until: new Date('2026-11-25T11:59:59Z') }, now)).toBe('free');
  });
});
