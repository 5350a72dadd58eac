import type { AppConfig } from '../../core/config/config';
import type { BillingRepository, PlanGrantRow } from '../billing.repository';
import type { BetaFeature } from './beta-features';
import { EntitlementsService } from '../../billing/entitlements.service';
import type { PaidPlan } from './plans';

// Beta features through EntitlementsService: only what BETA_FEATURES lists is held back, and only for plans without
// betaFeatures. The repository is a mock; a plan comes from an operator's grant.

function service(betaFeatures: BetaFeature[], plan?: PaidPlan) {
  const grant: PlanGrantRow | null = plan ? { plan, until: null } : null;
  const billing = { subscriptionsOf: jest.fn(async () => []), grantOf: jest.fn(async () => grant), customerOf: jest.fn(async () => null) };
  return new EntitlementsService({ defaultPlan: 'basic', betaFeatures } as unknown as AppConfig, billing as unknown as BillingRepository);
}

describe('beta features', () => {
  it('gives a feature in beta to Ultra only, and lists it in its entitlements', async () => {
    await expect(service(['browser-live']).mayUse('u1', 'browser-live')).resolves.toBe(false);
    await expect(service(['browser-live'], 'premium').mayUse('u1', 'browser-live')).resolves.toBe(false);
    await expect(service(['browser-live'], 'ultra').mayUse('u1', 'browser-live')).resolves.toBe(true);
    await expect(service(['browser-live'], 'ultra').entitlementsOf('u1')).resolves.toMatchObject({ plan: 'ultra', beta: ['browser-live'] });
    await expect(service(['browser-live'], 'premium').entitlementsOf('u1')).resolves.toMatchObject({ plan: 'premium', beta: [] });
  });

  it('gives every plan a feature not in beta, and lists nothing as beta', async () => {
    await expect(service([]).mayUse('u1', 'browser-live')).resolves.toBe(true);
    await expect(service([], 'ultra').entitlementsOf('u1')).resolves.toMatchObject({ beta: [] });
    expect(service([]).inBeta).toEqual([]);
    expect(service(['browser-live']).inBeta).toEqual(['browser-live']);
  });
});
