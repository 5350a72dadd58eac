import { css, type Theme } from '@emotion/react';
import { Spinner } from '@grouarock/ui';
import { useEffect } from 'react';
import { externalLinks } from '../../../lib/external-links';
import { useT } from '../../../lib/i18n';

const page = (theme: Theme) => css`
  display: grid;
  place-items: center;
  gap: ${theme.space[4]};
  min-height: 50vh;
  padding: ${theme.space[7]} ${theme.space[4]};
  text-align: center;
`;

/** /marketplace: the marketplace is its own site, so the browser goes there at once (replacing this entry). */
export function MarketplaceRedirect({ go = (url: string) => window.location.replace(url) }: { go?: (url: string) => void }) {
  const t = useT();
  useEffect(() => {
    go(externalLinks.marketplace);
  }, [go]);
  return (
    <section css={page} aria-live="polite">
      <Spinner label={t('marketplace.redirecting')} />
      <p>{t('marketplace.redirecting')}</p>
      <a href={externalLinks.marketplace}>{t('marketplace.link')}</a>
    </section>
  );
}

export default MarketplaceRedirect;
