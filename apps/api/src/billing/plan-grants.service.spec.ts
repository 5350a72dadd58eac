import type { BillingRepository } from '../repositories/billing.repository';
import type { UserRepository } from '../repositories/user.repository';
import type { User } from '../repositories/schema/user.entity';
import type { EntitlementsService } from './entitlements.service';
import type { EntitlementsDto } from './billing.dto';
import { PlanGrantError, PlanGrantsService } from './plan-grants.service';
import { PLAN_LIMITS, type Plan } from '../repositories/schema/plans';

// The operator's plans command on its own: the tables and the entitlements are mocks.

const now = new Date('2026-11-24T12:00:00Z');
const later = new Date('2026-12-24T12:00:00Z');

function setUp(plan: Plan = 'basic', apiGrant: { plan: 'startup' | 'developer' | 'business' | 'enterprise'; until: Date | null } | null = null) {
  const users = { findByEmail: jest.fn(async (email: string) => (email === 'fan@example.com' ? ({ id: 'u1', email } as User) : null)) };
  const billing = {
    grant: jest.fn(async () => undefined),
    grantApi: jest.fn(async () => undefined),
    revoke: jest.fn(async () => true),
    revokeApi: jest.fn(async () => false),
    apiGrantOf: jest.fn(async () => apiGrant),
  };
  const entitlements = { entitlementsOf: jest.fn(async () => ({ plan, limits: { ...PLAN_LIMITS[plan] } }) as EntitlementsDto) };
  const service = new PlanGrantsService(users as unknown as UserRepository, billing as unknown as BillingRepository, entitlements as unknown as EntitlementsService);
  return { service, billing };
}

describe('PlanGrantsService', () => {
  it('grants a consumer plan to the account of the email, in any case and spacing', async () => {
    const { service, billing } = setUp('ultra');
    await expect(service.grant(' Fan@Example.com ', 'ultra', later, now)).resolves.toEqual({ email: ' Fan@Example.com ', plan: 'ultra', apiPlan: 'developer' });
    expect(billing.grant).toHaveBeenCalledWith('u1', 'ultra', later);
    expect(billing.grantApi).not.toHaveBeenCalled();
  });

  it('grants a developer API plan as an API grant, beside the consumer plan', async () => {
    const { service, billing } = setUp('basic', { plan: 'business', until: null });
    await expect(service.grant('fan@example.com', 'business', null, now)).resolves.toMatchObject({ plan: 'basic', apiPlan: 'business' });
    expect(billing.grantApi).toHaveBeenCalledWith('u1', 'business', null);
    expect(billing.grant).not.toHaveBeenCalled();
  });

  it.each([
    ['a plan that is no plan', 'gold', null, /must be one of premium, ultra, startup/],
    ['Basic, which everyone has', 'basic', null, /must be one of/],
    ['an end in the past', 'premium', now, /--until must be in the future/],
  ])('refuses %s and grants nothing', async (_, plan, until, message) => {
    const { service, billing } = setUp();
    await expect(service.grant('fan@example.com', plan, until, now)).rejects.toThrow(message);
    expect(billing.grant).not.toHaveBeenCalled();
    expect(billing.grantApi).not.toHaveBeenCalled();
  });

  it('refuses an email of no account', async () => {
    const { service, billing } = setUp();
    await expect(service.grant('nobody@example.com', 'premium', null, now)).rejects.toBeInstanceOf(PlanGrantError);
    expect(billing.grant).not.toHaveBeenCalled();
  });

  it('revokes the consumer grant, or with api the API grant, and says whether there was one', async () => {
    const { service, billing } = setUp();
    await expect(service.revoke('fan@example.com')).resolves.toMatchObject({ revoked: true, plan: 'basic', apiPlan: 'free' });
    expect(billing.revoke).toHaveBeenCalledWith('u1');
    await expect(service.revoke('fan@example.com', true)).resolves.toMatchObject({ revoked: false });
    expect(billing.revokeApi).toHaveBeenCalledWith('u1');
  });
});
