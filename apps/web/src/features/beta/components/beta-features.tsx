import { css, type Theme } from '@emotion/react';
import { Badge, Card } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { plainList } from '../../../lib/panel-styles';
import { useEntitlements } from '../../subscription';
import { useBetaList } from '../use-beta';

const heading = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
`;

const list = (theme: Theme) => css`
  ${plainList(theme)}

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${theme.space[2]};
  }
`;

/**
 * /profile's "Funkcje beta": the features in beta that the account has first (Ultra), or, for every other plan, the
 * same list as coming, with the way to Ultra. Nothing while nothing is in beta.
 */
export function BetaFeatures({ userId }: { userId: string }) {
  const t = useT();
  const beta = useBetaList();
  const entitlements = useEntitlements(userId);
  const features = beta.data?.features ?? [];
  if (!features.length || !entitlements.data) return null;
  const mine = entitlements.data.beta;
  return (
    <Card as="section" aria-labelledby="beta-heading" data-testid="beta-features">
      <h2 id="beta-heading" css={heading}>
        {t('beta.title')}
      </h2>
      <p>{t(mine.length ? 'beta.lead.early' : 'beta.lead.coming')}</p>
      <ul css={list}>
        {features.map((feature) => (
          <li key={feature}>
            <Badge tone="secondary">{t('beta.badge')}</Badge>
            <span>{t(`beta.feature.${feature}` as MessageId)}</span>
            {mine.includes(feature) ? null : <span>{t('beta.coming')}</span>}
          </li>
        ))}
      </ul>
      {mine.length ? null : <Link to="/subscription">{t('beta.upgrade')}</Link>}
    </Card>
  );
}

export default BetaFeatures;
