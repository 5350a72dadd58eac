import { type Plan, PLAN_LIMITS, type PlanLimits, PLANS } from '../../repositories/schema/plans';
import type { LosslessCodec, StreamCodec } from '../../repositories/schema/station-definition';
import type { Station } from '../../repositories/schema/station.entity';

/** Which of a station's streams a listener gets: its standard one, the higher-quality one (`hq`) or the lossless one. */
export const STREAM_QUALITIES = ['standard', 'hq', 'lossless'] as const;
export type StreamQuality = (typeof STREAM_QUALITIES)[number];

/** The upstream a listener's relay reads, and what the response says about it. */
export interface ChosenStream {
  quality: StreamQuality;
  url: string;
  /** kbit/s, when the catalogue knows it (never for a lossless stream, whose bitrate follows the music). */
  bitrate: number | null;
  codec: StreamCodec | LosslessCodec | null;
}

/** The cheapest plan that plays the station: Basic for a basic station, the first plan with `premiumStations` for a premium one. */
export function planThatOpens(station: Pick<Station, 'plan'>): Plan {
  if (station.plan === 'basic') return 'basic';
  return PLANS.find((plan) => PLAN_LIMITS[plan].premiumStations) ?? PLANS[PLANS.length - 1];
}

/** Basic stations play on every plan; premium ones on the plans with `premiumStations`. */
export function mayPlay(station: Pick<Station, 'plan'>, limits: Pick<PlanLimits, 'premiumStations'>): boolean {
  return station.plan === 'basic' || limits.premiumStations;
}

/**
 * The best stream the listener's `audioQuality` allows of those the station has: its lossless one for 'lossless', its
 * `hq` one for '320' (and for 'lossless' without a lossless one), else its standard one.
 */
export function streamFor(
  station: Pick<Station, 'streamUrl' | 'bitrate' | 'codec' | 'hqStreamUrl' | 'hqBitrate' | 'hqCodec' | 'losslessStreamUrl' | 'losslessCodec'>,
  limits: Pick<PlanLimits, 'audioQuality'>,
): ChosenStream {
  if (limits.audioQuality === 'lossless' && station.losslessStreamUrl) return { quality: 'lossless', url: station.losslessStreamUrl, bitrate: null, codec: station.losslessCodec };
  if (limits.audioQuality !== 'standard' && station.hqStreamUrl) return { quality: 'hq', url: station.hqStreamUrl, bitrate: station.hqBitrate, codec: station.hqCodec };
  return { quality: 'standard', url: station.streamUrl, bitrate: station.bitrate, codec: station.codec };
}

/**
 * Listeners a station may have when this listener asks to join: all of RELAY_MAX_LISTENERS with priority streaming;
 * otherwise the listener is refused once the station has max × (1 − RELAY_PRIORITY_SHARE), so the share kept for paid
 * listeners is rounded down (a limit of 2 with the default 0.2 keeps none back; 10 keeps 2).
 */
export function admissionLimit(max: number, share: number, priority: boolean): number {
  // The small epsilon keeps a product like 10 × 0.8 = 8.000…01 from counting a listener too many.
  return priority ? max : Math.ceil(max * (1 - share) - 1e-9);
}
