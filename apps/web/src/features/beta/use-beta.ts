import { listBetaFeatures, type BetaListDto } from '@grouarock/api-client';
import useSWR from 'swr';
import { dataOf } from '../../lib/query';
import { useEntitlements } from '../subscription';

export type BetaFeature = BetaListDto['features'][number];

/** GET /beta: what is in beta on this installation (BETA_FEATURES), the same for everyone. */
export function useBetaList() {
  return useSWR('/beta', () => dataOf(listBetaFeatures({ throwOnError: true })), { revalidateOnFocus: false });
}

export interface BetaAccess {
  /** The feature is in beta here: only plans with betaFeatures (Ultra) have it; everyone else sees it as coming. */
  inBeta: boolean;
  /** The account may use it: it is not in beta, or the account has it first (`beta` of GET /me/entitlements). */
  available: boolean;
  /** The account has it before everyone: the "Beta" badge goes beside it. */
  early: boolean;
}

/**
 * Whether the signed-in account (or nobody) may use `feature` now. The server refuses it anyway to whoever may not; until
 * the list is read, or when it cannot be, the feature is shown as everyone's and the server has the last word.
 */
export function useBetaFeature(feature: BetaFeature, userId: string | null): BetaAccess {
  const list = useBetaList();
  const entitlements = useEntitlements(userId);
  const inBeta = list.data?.features.includes(feature) ?? false;
  const early = inBeta && (entitlements.data?.beta.includes(feature) ?? false);
  return { inBeta, available: !inBeta || early, early };
}
