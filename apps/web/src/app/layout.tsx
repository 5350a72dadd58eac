import { css, type Theme } from '@emotion/react';
import { Spinner } from '@grouarock/ui';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { AuthDialogHost } from '../features/auth';
import { Footer } from '../features/shell/components/footer';
import { Header } from '../features/shell/components/header';
import { MobileBottomBar } from '../features/shell/components/mobile-bottom-bar';
import { useT } from '../lib/i18n';

const shell = css`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const skipLink = (theme: Theme) => css`
  position: absolute;
  left: ${theme.space[2]};
  top: -4rem;
  z-index: ${theme.zIndices.toast};
  padding: ${theme.space[2]} ${theme.space[4]};
  background: ${theme.colors.secondary};
  color: ${theme.colors.onSecondary};
  font-weight: ${theme.fontWeights.bold};

  &:focus {
    top: ${theme.space[2]};
  }
`;

const loading = css`
  display: grid;
  place-items: center;
  min-height: 50vh;
`;

export function Layout() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <div css={shell}>
      <a href="#main" css={skipLink}>
        {t('a11y.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense
          fallback={
            <div css={loading}>
              <Spinner label={t('common.loading')} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/* The spec puts the floating bar on the home page; other pages have their own bottom bars (the player). */}
      {pathname === '/' ? <MobileBottomBar /> : null}
      <AuthDialogHost />
      <ScrollRestoration />
    </div>
  );
}
