import { useEntitlements } from '../subscription';
import type { LiveStreamDto } from './api/streams';

/**
 * Whether the viewer may not play `stream`: an Ultra-only one (docs/live.md, "Ultra-only streams") for anyone but its
 * owner and accounts whose plan has exclusiveLive (GET /me/entitlements). Undefined while the plan is being read.
 * The server refuses the files anyway; this only says so before the player tries.
 */
export function useStreamLocked(stream: Pick<LiveStreamDto, 'requiredPlan' | 'userId'> | undefined, userId: string | null): boolean | undefined {
  const restricted = stream?.requiredPlan === 'ultra' && stream.userId !== userId;
  const entitlements = useEntitlements(restricted ? userId : null);
  if (!restricted) return false;
  if (!userId) return true;
  return entitlements.data ? !entitlements.data.limits.exclusiveLive : undefined;
}
