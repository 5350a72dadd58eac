// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "billing".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { CreateCheckoutData, CreateCheckoutErrors, CreateCheckoutResponses, GetBillingPlansData, GetBillingPlansResponses, GetEntitlementsData, GetEntitlementsErrors, GetEntitlementsResponses, ListBetaFeaturesData, ListBetaFeaturesResponses, OpenBillingPortalData, OpenBillingPortalErrors, OpenBillingPortalResponses, SyncSubscriptionData, SyncSubscriptionErrors, SyncSubscriptionResponses } from '../types.gen';

/**
 * The plans with their prices and limits, and whether they can be bought online here
 */
export const getBillingPlans = <ThrowOnError extends boolean = false>(options?: Options<GetBillingPlansData, ThrowOnError>) => (options?.client ?? client).get<GetBillingPlansResponses, unknown, ThrowOnError>({ url: '/api/v1/billing/plans', ...options });

/**
 * A Stripe Checkout Session for the plan (a first subscription starts with the free trial); go to its url
 */
export const createCheckout = <ThrowOnError extends boolean = false>(options: Options<CreateCheckoutData, ThrowOnError>) => (options.client ?? client).post<CreateCheckoutResponses, CreateCheckoutErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/billing/checkout',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Stripe's customer portal (cancel at period end, switch plan, invoices); go to its url
 */
export const openBillingPortal = <ThrowOnError extends boolean = false>(options?: Options<OpenBillingPortalData, ThrowOnError>) => (options?.client ?? client).post<OpenBillingPortalResponses, OpenBillingPortalErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/billing/portal',
    ...options
});

/**
 * Re-read the account's subscriptions from Stripe now (after checkout, without waiting for the webhook)
 */
export const syncSubscription = <ThrowOnError extends boolean = false>(options?: Options<SyncSubscriptionData, ThrowOnError>) => (options?.client ?? client).post<SyncSubscriptionResponses, SyncSubscriptionErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/billing/sync',
    ...options
});

/**
 * The account's plan, what gives it, and its limits
 */
export const getEntitlements = <ThrowOnError extends boolean = false>(options?: Options<GetEntitlementsData, ThrowOnError>) => (options?.client ?? client).get<GetEntitlementsResponses, GetEntitlementsErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/me/entitlements',
    ...options
});

/**
 * Features in beta on this installation, which Ultra members have first
 */
export const listBetaFeatures = <ThrowOnError extends boolean = false>(options?: Options<ListBetaFeaturesData, ThrowOnError>) => (options?.client ?? client).get<ListBetaFeaturesResponses, unknown, ThrowOnError>({ url: '/api/v1/beta', ...options });
