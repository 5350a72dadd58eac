import { getBillingPlans } from '@grouarock/api-client';
import useSWR from 'swr';
import { dataOf } from '../../lib/query';
import { useAuth } from '../auth';
import { type EntitlementsDto, useEntitlements } from '../subscription';
import type { StationDto } from './api/stations';

type Limits = Pick<EntitlementsDto['limits'], 'premiumStations' | 'audioQuality'>;

/**
 * What the listener's plan lets them of the stations (docs/architecture.md, "Plans on the relay"): the signed-in
 * account's limits (GET /me/entitlements), or a signed-out listener's, the installation's default plan (GET
 * /billing/plans). Null while not known: then no station is shown locked and no bitrate is claimed. Asked only when
 * `needed` (a premium station, a station with two streams), so a page of basic stations asks nothing more.
 */
export function useListenerLimits(needed = true): Limits | null {
  const { user, status } = useAuth();
  const entitlements = useEntitlements(needed ? (user?.id ?? null) : null);
  const signedOut = status === 'signedOut';
  const plans = useSWR(needed && signedOut ? '/billing/plans' : null, () => dataOf(getBillingPlans({ throwOnError: true })));
  if (user) return entitlements.data?.limits ?? null;
  if (!signedOut || !plans.data) return null;
  return plans.data.plans.find((offer) => offer.plan === plans.data?.defaultPlan)?.limits ?? null;
}

/** A premium station on a plan without premium stations: shown with its lock and the plan that opens it. */
export function isLocked(station: Pick<StationDto, 'plan'>, limits: Pick<Limits, 'premiumStations'> | null): boolean {
  return station.plan === 'premium' && limits !== null && !limits.premiumStations;
}

/** What the relay sends this listener: the lossless stream, or a stream of a bitrate in kbit/s. */
export type StreamQualityShown = { lossless: true } | { lossless: false; kbps: number };

/**
 * The stream the relay sends this listener (it says so in X-Stream-Quality and X-Stream-Bitrate): the station's
 * lossless stream on lossless plans where it has one, else its higher-quality stream on 320 kbps and lossless plans
 * where it has one, else its standard one; null when unknown (the plan, or the bitrate).
 */
export function streamQuality(
  station: Pick<StationDto, 'bitrate' | 'hasHighQuality' | 'highQualityBitrate' | 'hasLossless'>,
  limits: Pick<Limits, 'audioQuality'> | null,
): StreamQualityShown | null {
  const kbps = (value: number | null) => (value ? { lossless: false as const, kbps: value } : null);
  if (!station.hasHighQuality && !station.hasLossless) return kbps(station.bitrate);
  if (!limits) return null;
  if (limits.audioQuality === 'lossless' && station.hasLossless) return { lossless: true };
  return kbps(limits.audioQuality !== 'standard' && station.hasHighQuality ? station.highQualityBitrate : station.bitrate);
}
