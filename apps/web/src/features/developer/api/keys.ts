import {
  createApiKey,
  getApiUsage,
  listApiPlans,
  listApiKeys,
  revokeApiKey,
  type ApiKeyDto,
  type ApiPlanOfferDto,
  type CreateApiKeyDto,
  type CreatedApiKeyDto,
  type DeveloperUsageDto,
} from '@grouarock/api-client';
import useSWR from 'swr';
import { dataOf } from '../../../lib/query';

export type { ApiKeyDto, ApiPlanOfferDto, CreatedApiKeyDto, DeveloperUsageDto };
export type ApiKeyScope = ApiKeyDto['scope'];
/** Days a new key lives; null: it never expires. */
export type ApiKeyLifetime = Exclude<CreateApiKeyDto['expiresInDays'], undefined>;
export const API_KEY_LIFETIMES = [30, 90, 365, null] as const satisfies readonly ApiKeyLifetime[];
/** What the API picks when asked nothing (docs/developer-api.md, "Keys"). */
export const DEFAULT_API_KEY_LIFETIME: ApiKeyLifetime = 90;

/** Whether the key has expired by now (the list shows keys expired in the last 30 days). */
export const hasExpired = (key: Pick<ApiKeyDto, 'expiresAt'>, now = Date.now()) => key.expiresAt !== null && Date.parse(key.expiresAt) <= now;

export const apiKeysKey = (userId: string) => ['/developer/keys', userId] as const;
export const apiUsageKey = (userId: string) => ['/developer/usage', userId] as const;

/** GET /developer/keys: the account's active keys and those expired lately (never the keys themselves). */
export function useApiKeys(userId: string) {
  return useSWR(apiKeysKey(userId), () => dataOf(listApiKeys({ throwOnError: true })));
}

/** GET /developer/usage: the account's API plan and what is left of it. */
export function useApiUsage(userId: string) {
  return useSWR(apiUsageKey(userId), () => dataOf(getApiUsage({ throwOnError: true })));
}

/** POST /developer/keys: a new key, whose value this answer alone carries. */
export function makeApiKey(body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
  return dataOf(createApiKey({ body, throwOnError: true }));
}

/** DELETE /developer/keys/{id}. */
export async function dropApiKey(id: string): Promise<void> {
  await revokeApiKey({ path: { id }, throwOnError: true });
}

/** GET /developer/plans: the API plans, their limits and the calculator's terms (public). */
export function useApiPlans() {
  return useSWR('/developer/plans', () => dataOf(listApiPlans({ throwOnError: true })));
}
