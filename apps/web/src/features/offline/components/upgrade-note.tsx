import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { link, muted, row } from '../../../lib/panel-styles';

/** What Basic (or a visitor) sees where offline listening would be: the plans that have it, and the way there. */
export function UpgradeNote() {
  const t = useT();
  return (
    <div css={row} data-testid="offline-upgrade">
      <p css={muted}>{t('offline.upgrade.lead')}</p>
      <Link css={link} to="/subscription">
        {t('offline.upgrade.link')}
      </Link>
    </div>
  );
}
