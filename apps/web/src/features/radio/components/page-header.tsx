import { css, type Theme } from '@emotion/react';
import { Button, PageTitle } from '@grouarock/ui';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { useAuth, useAuthDialog } from '../../auth';
import { StationCountProvider, stationCountValues, useStationCount } from '../station-count';

const header = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${theme.space[4]};
`;

const subtitle = (theme: Theme) => css`
  margin: ${theme.space[2]} 0 0;
  color: ${theme.colors.textMuted};
`;

const links = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The catalogue's stations, 24/7: with the server's count (the home page's, station-count.tsx) once it is known. */
function Subtitle() {
  const t = useT();
  return <p css={subtitle}>{t('radio.subtitle', stationCountValues(useStationCount()))}</p>;
}

/** "Radio Online", its subtitle and the page's own links: premium, support, home and, signed out, log in. */
export function PageHeader() {
  const t = useT();
  const { status, user } = useAuth();
  const dialog = useAuthDialog();
  return (
    <header css={header}>
      <div>
        <PageTitle size="md">{t('radio.title')}</PageTitle>
        <StationCountProvider>
          <Subtitle />
        </StationCountProvider>
      </div>
      <nav aria-label={t('radio.header.label')}>
        <ul css={links}>
          <li>
            <Button asChild variant="secondary" size="sm">
              <Link to="/subscription">{t('radio.header.premium')}</Link>
            </Button>
          </li>
          <li>
            <Button asChild variant="ghost" size="sm">
              <Link to="/support">{t('radio.header.support')}</Link>
            </Button>
          </li>
          <li>
            <Button asChild variant="ghost" size="sm">
              <Link to="/">{t('radio.header.home')}</Link>
            </Button>
          </li>
          {status === 'signedOut' && !user && (
            <li>
              <Button size="sm" onClick={() => dialog.open('login')}>
                {t('radio.header.login')}
              </Button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
