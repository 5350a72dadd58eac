import {
  createCheckout,
  getBillingPlans,
  getEntitlements,
  openBillingPortal,
  syncSubscription,
  type BillingPlansDto,
  type EntitlementsDto,
  type PlanOfferDto,
} from '@grouarock/api-client';
import useSWR, { type SWRConfiguration } from 'swr';
import { dataOf } from '../../../lib/query';

export type { BillingPlansDto, EntitlementsDto, PlanOfferDto };
export type Plan = EntitlementsDto['plan'];
export type PaidPlan = Exclude<Plan, 'basic'>;

/** Cheapest first: a plan's index is its rank. */
export const PLAN_ORDER: readonly Plan[] = ['basic', 'premium', 'ultra'];

/** GET /billing/plans: the plans with their prices and limits, and whether they can be bought online here. */
export function useBillingPlans() {
  return useSWR('/billing/plans', () => dataOf(getBillingPlans({ throwOnError: true })));
}

/** The key of a user's entitlements, so a write (a sync) can update the same cache entry. */
export const entitlementsKey = (userId: string) => ['/me/entitlements', userId] as const;

/** GET /me/entitlements for the signed-in account (nothing is asked without one). */
export function useEntitlements(userId: string | null, options: Pick<SWRConfiguration, 'refreshInterval'> = {}) {
  return useSWR(userId ? entitlementsKey(userId) : null, () => dataOf(getEntitlements({ throwOnError: true })), options);
}

/** POST /billing/checkout: the Stripe Checkout page to go to for the plan. */
export async function startCheckout(planType: PaidPlan): Promise<string> {
  return (await createCheckout({ body: { planType }, throwOnError: true })).data.url;
}

/** POST /billing/portal: Stripe's customer portal for this account. */
export async function openPortal(): Promise<string> {
  return (await openBillingPortal({ throwOnError: true })).data.url;
}

/** POST /billing/sync: the account's subscriptions read from Stripe now; its entitlements after. */
export async function syncNow(): Promise<EntitlementsDto> {
  return dataOf(syncSubscription({ throwOnError: true }));
}
