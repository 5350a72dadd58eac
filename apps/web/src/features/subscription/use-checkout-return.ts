import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { entitlementsKey, syncNow, type EntitlementsDto } from './api/billing';

/** While a plan bought a moment ago is being confirmed, the entitlements are read again this often (ms)... */
export const CONFIRM_POLL_MS = 2000;
/** ...for at most this long (ms); after that the page says it is taking longer than it should. */
export const CONFIRM_TIMEOUT_MS = 60_000;

export type CheckoutReturn = 'none' | 'cancelled' | 'confirming' | 'confirmed' | 'slow';

/**
 * Back from Stripe's checkout (`?checkout=success`): reads the subscription from Stripe once at once (the webhook may
 * still be on its way), then follows the entitlements until a subscription gives the plan.
 */
export function useCheckoutReturn(result: string | null, userId: string | null, entitlements: EntitlementsDto | undefined): CheckoutReturn {
  const { mutate } = useSWRConfig();
  const [timedOut, setTimedOut] = useState(false);
  const synced = useRef(false);
  const active = result === 'success' && userId !== null;

  useEffect(() => {
    if (!active || synced.current) return;
    synced.current = true;
    syncNow().then(
      (fresh) => void mutate(entitlementsKey(userId), fresh, { revalidate: false }),
      (error: unknown) => console.warn('Could not read the subscription from Stripe; waiting for the webhook', error),
    );
  }, [active, userId, mutate]);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [active]);

  if (result === 'cancelled') return 'cancelled';
  if (!active) return 'none';
  if (entitlements?.subscription?.entitles) return 'confirmed';
  return timedOut ? 'slow' : 'confirming';
}
