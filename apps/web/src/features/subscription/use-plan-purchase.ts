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
 * Where the browser is being sent: a plan's checkout or the billing portal. Not a busy flag of a request: it stays set
 * after the request succeeds, while the browser leaves for Stripe, and is cleared when the request fails or when the
 * page comes back from the back-forward cache as it was left.
 */
type Leaving = { to: 'checkout'; plan: PaidPlan } | { to: 'portal' } | null;

/**
 * Buying a plan: without a full account the login dialog opens instead; otherwise a checkout session is requested and
 * the browser goes to it. A failure restores the button and shows the payment error banner for 5 s.
 */
export function usePlanPurchase({ signedIn, go }: { signedIn: boolean; go: LeaveTo }): PlanPurchase {
  const dialog = useAuthDialog();
  const [leaving, setLeaving] = useState<Leaving>(null);
  const [alreadySubscribed, setAlreadySubscribed] = useState(false);
  const banner = useTimedFlag(PAYMENT_ERROR_MS);

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  /** Asks for the address to leave to, then goes there; a failure stays here with the banner (or `refused`'s answer). */
  const leave = useCallback(
    (to: NonNullable<Leaving>, request: () => Promise<string>, refused: (error: unknown) => boolean) => {
      if (leaving) return;
      setLeaving(to);
      banner.lower();
      request().then(go, (error: unknown) => {
        setLeaving(null);
        if (refused(error)) return;
        console.error(to.to === 'checkout' ? 'Checkout failed' : 'The billing portal could not be opened', error);
        banner.raise();
      });
    },
    [leaving, banner, go],
  );

  const choose = useCallback(
    (plan: PaidPlan) => {
      if (!signedIn) return dialog.open('login');
      leave({ to: 'checkout', plan }, () => startCheckout(plan), (error) => {
        if (!(error instanceof ApiError && error.code === 'already_subscribed')) return false;
        setAlreadySubscribed(true);
        return true;
      });
    },
    [signedIn, dialog, leave],
  );

  const manage = useCallback(() => leave({ to: 'portal' }, openPortal, () => false), [leave]);

  return {
    pending: leaving?.to === 'checkout' ? leaving.plan : null,
    portalPending: leaving?.to === 'portal',
    failed: banner.up,
    alreadySubscribed,
    choose,
    manage,
  };
}
