import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useAuthDialog } from '../auth';
import { openPortal, startCheckout, type PaidPlan } from './api/billing';
import type { LeaveTo } from './leave-to';
import { useTimedFlag } from './use-timed-flag';

/** How long the payment error banner stays (ms). */
export const PAYMENT_ERROR_MS = 5000;

export interface PlanPurchase {
  /** The plan whose checkout is being requested (its button reads "Przekierowywanie..."). */
  pending: PaidPlan | null;
  portalPending: boolean;
  /** The red payment-error banner is showing. */
  failed: boolean;
  /** Checkout refused: the account already has a subscription (change it in the portal). */
  alreadySubscribed: boolean;
  choose: (plan: PaidPlan) => void;
  manage: () => void;
}

/**
 * Buying a plan: without a full account the login dialog opens instead; otherwise a checkout session is requested and
 * the browser goes to it. A failure restores the button and shows the payment error banner for 5 s.
 */
export function usePlanPurchase({ signedIn, go }: { signedIn: boolean; go: LeaveTo }): PlanPurchase {
  const dialog = useAuthDialog();
  const [pending, setPending] = useState<PaidPlan | null>(null);
  const [portalPending, setPortalPending] = useState(false);
  const [alreadySubscribed, setAlreadySubscribed] = useState(false);
  const banner = useTimedFlag(PAYMENT_ERROR_MS);

  // Back from Stripe through the browser's back button, the page may come from the back-forward cache as it was left.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPending(null);
      setPortalPending(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const choose = useCallback(
    (plan: PaidPlan) => {
      if (!signedIn) return dialog.open('login');
      if (pending || portalPending) return;
      setPending(plan);
      banner.lower();
      startCheckout(plan).then(go, (error: unknown) => {
        setPending(null);
        if (error instanceof ApiError && error.code === 'already_subscribed') return setAlreadySubscribed(true);
        console.error('Checkout failed', error);
        banner.raise();
      });
    },
    [signedIn, dialog, pending, portalPending, banner, go],
  );

  const manage = useCallback(() => {
    if (pending || portalPending) return;
    setPortalPending(true);
    banner.lower();
    openPortal().then(go, (error: unknown) => {
      setPortalPending(false);
      console.error('The billing portal could not be opened', error);
      banner.raise();
    });
  }, [pending, portalPending, banner, go]);

  return { pending, portalPending, failed: banner.up, alreadySubscribed, choose, manage };
}
