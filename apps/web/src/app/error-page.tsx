import { css, type Theme } from '@emotion/react';
import { Button } from '@grouarock/ui';
import { useEffect } from 'react';
import { useT } from '../lib/i18n';
import { reportToApi } from '../lib/report-client-error';

const page = (theme: Theme) => css`
  max-width: 40rem;
  margin: 0 auto;
  padding: ${theme.space[8]} ${theme.space[4]};
  text-align: center;
`;

/** A route that crashed: say so plainly, offer a reload, and report the error. */
export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();

  useEffect(() => {
    if (error instanceof Error) reportToApi('error', error.message, error.stack);
    else reportToApi('error', String(error));
  }, [error]);

  return (
    <section css={page} role="alert">
      <h1>{t('error.title')}</h1>
      <p>{t('error.description')}</p>
      <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
    </section>
  );
}
