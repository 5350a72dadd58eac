import type { MessageId } from '@grouarock/i18n';
import { FullscreenDialog } from '@grouarock/ui';
import { lazy, type ReactElement } from 'react';
import { externalLinks } from '../../../lib/external-links';
import { useT } from '../../../lib/i18n';
import { navigateAway, type NavigateAway } from '../navigate-away';

const loadCountdown = () => import('./promo-countdown-button');
/** The popup's body, needed once a hero button is pressed: its own chunk, asked for with the press (see below). */
const PromoCountdown = lazy(loadCountdown);

export type PromoKind = 'trial' | 'community';

const texts: Record<PromoKind, { title: MessageId; offer: MessageId }> = {
  trial: { title: 'home.promo.trialTitle', offer: 'home.promo.trialOffer' },
  community: { title: 'home.promo.communityTitle', offer: 'home.promo.communityOffer' },
};

export interface PromoDialogProps {
  kind: PromoKind;
  /** The button that opens it; focus returns to it when the popup closes. */
  trigger: ReactElement;
  /** Where the countdown (or a click) sends the browser. */
  target?: string;
  navigate?: NavigateAway;
}

/**
 * The hero buttons' promo: a popup over the whole screen that counts down 10 s and then sends the browser to the
 * main site; a click on it goes at once, Escape or the × closes it without going anywhere.
 */
export function PromoDialog({ kind, trigger, target = externalLinks.mainSite, navigate = navigateAway }: PromoDialogProps) {
  const t = useT();
  const shown = texts[kind];
  return (
    <FullscreenDialog
      trigger={trigger}
      title={t(shown.title)}
      closeLabel={t('home.promo.close')}
      // With the press, beside the dialog's own code rather than after it.
      onOpenChange={(open) => open && void loadCountdown()}
    >
      <PromoCountdown offerText={t(shown.offer)} target={target} navigate={navigate} />
    </FullscreenDialog>
  );
}
