import { Button, Panel, Spinner } from '@grouarock/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useT } from '../../../lib/i18n';
import { leaveTo as defaultLeaveTo, openPortal, useEntitlements, type LeaveTo } from '../../subscription';
import { actions, muted } from './profile-styles';

/** The account's plan, a link to the plans and, once it has subscribed, Stripe's portal (cancel, switch plan, invoices). */
export function SubscriptionPanel({ userId, leaveTo = defaultLeaveTo }: { userId: string; leaveTo?: LeaveTo }) {
  const t = useT();
  const { data, error, isLoading } = useEntitlements(userId);
  const [portalFailed, setPortalFailed] = useState(false);
  const portal = useAsyncAction(async () => {
    setPortalFailed(false);
    try {
      leaveTo(await openPortal());
    } catch (e) {
      console.error('The billing portal could not be opened', e);
      setPortalFailed(true);
    }
  });
  return (
    <Panel title={t('profile.plan.title')}>
      {isLoading ? <Spinner label={t('profile.plan.loading')} /> : null}
      {error && !isLoading ? <p css={muted}>{t('profile.plan.error')}</p> : null}
      {data ? <p>{t('profile.plan.current', { plan: data.plan })}</p> : null}
      {portalFailed ? <p role="alert">{t('profile.plan.portalError')}</p> : null}
      <div css={actions}>
        {data?.subscription ? (
          <Button variant="secondary" loading={portal.running} onClick={() => void portal.run()}>
            {t('profile.plan.manage')}
          </Button>
        ) : (
          <Button asChild variant="secondary">
            <Link to="/subscription">{t('profile.plan.compare')}</Link>
          </Button>
        )}
      </div>
    </Panel>
  );
}
