/**
 * Features an operator may put in beta with BETA_FEATURES: while listed, only plans with `betaFeatures` (Ultra) have
 * them and everyone else sees them as coming; unlisted, they are everyone's. See docs/live.md, "Beta features".
 * - `browser-live`: going live from the browser (the camera, and the PRO DJ MIXER's broadcast), the newest way to
 *   go live; OBS (RTMP) stays open to every plan.
 */
export const BETA_FEATURE_IDS = ['browser-live'] as const;
export type BetaFeature = (typeof BETA_FEATURE_IDS)[number];

export function isBetaFeature(id: string): id is BetaFeature {
  return (BETA_FEATURE_IDS as readonly string[]).includes(id);
}

/** BETA_FEATURES's ids, comma-separated, blanks ignored. */
export function betaFeatureList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((id) => id.trim()).filter(Boolean);
}
