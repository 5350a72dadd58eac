import { css, type Theme } from '@emotion/react';
import { Button, displayHeading } from '@grouarock/ui';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { reportToApi } from '../../../lib/report-client-error';

const page = (theme: Theme) => css`
  display: grid;
  place-items: center;
  min-height: 60vh;
  padding: ${theme.space[7]} ${theme.space[4]};
  text-align: center;
`;

const code = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.accentText};
  font-family: ${theme.fonts.display};
  font-size: clamp(6rem, 22vw, 12rem);
  line-height: 0.9;
  text-shadow: ${theme.shadows.hard};
  transform: rotate(-3deg);
`;

const title = (theme: Theme) => css`
  margin: ${theme.space[4]} 0 ${theme.space[6]};
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['3xl']};
`;

/** Any path the app does not serve. The attempted path is reported to the API. */
export function NotFoundPage() {
  const t = useT();
  const location = useLocation();

  useEffect(() => {
    reportToApi('not_found');
  }, [location.pathname, location.search]);

  return (
    <section css={page} aria-labelledby="not-found-title">
      <div>
        <p css={code} aria-hidden="true">
          {t('notFound.code')}
        </p>
        <h1 id="not-found-title" css={title}>
          {t('notFound.title')}
        </h1>
        <Button asChild size="lg">
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
      </div>
    </section>
  );
}

export default NotFoundPage;
