import { Badge } from '@grouarock/ui';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { muted } from './styles';

/** Beside going live from the browser, for an account that has it before everyone (BETA_FEATURES lists browser-live). */
export function BrowserLiveBetaBadge() {
  const t = useT();
  return <Badge tone="secondary">{t('live.beta.badge')}</Badge>;
}

/** In place of going live from the browser while it is in beta and the account's plan does not have it yet. */
export function BrowserLiveComing() {
  const t = useT();
  return (
    <p css={muted} data-testid="browser-live-beta">
      <BrowserLiveBetaBadge /> {t('live.beta.coming')} <Link to="/subscription">{t('live.beta.upgrade')}</Link>
    </p>
  );
}
