import { css, type Theme } from '@emotion/react';
import { Badge } from '@grouarock/ui';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';

const panel = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[2]};
  place-items: center;
  aspect-ratio: 16 / 9;
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceSunken};
  text-align: center;
`;

/** The mark of an Ultra-only stream, shown to everyone in the lists. */
export function UltraBadge() {
  const t = useT();
  return (
    <Badge tone="accent" title={t('live.lock.label')}>
      {t('live.lock.badge')}
    </Badge>
  );
}

/** In place of the player, for a viewer whose plan does not open an Ultra-only stream: the lock and the way to Ultra. */
export function UltraLock() {
  const t = useT();
  return (
    <div css={panel} data-testid="ultra-lock">
      <UltraBadge />
      <strong>{t('live.lock.title')}</strong>
      <p>{t('live.lock.text')}</p>
      <Link to="/subscription">{t('live.lock.upgrade')}</Link>
    </div>
  );
}
