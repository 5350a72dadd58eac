import { css, type Theme } from '@emotion/react';
import { Spinner } from '@grouarock/ui';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { AuthDialogHost, ReauthenticationHost } from '../features/auth';
import { ChatWidget } from '../features/assistant';
import { Header } from '../features/shell/components/header';
import { useT } from '../lib/i18n';
import { useAfterLoad } from '../lib/use-after-load';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Below the first screen (the footer) or only on phones (the home page's bottom bar): their own chunks, so the code
 * every page loads first stays small. On a prerendered page their HTML is there from the start, and React takes it
 * over once the chunk is in (a prerendered page preloads it); rendered in the browser, they appear once it is.
 */
const Footer = lazy(() => import('../features/shell/components/footer').then((m) => ({ default: m.Footer })));
const MobileBottomBar = lazy(() => import('../features/shell/components/mobile-bottom-bar').then((m) => ({ default: m.MobileBottomBar })));

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

/** How long a #anchor may take to appear (its screen loads lazily) before we stop waiting for it. */
const ANCHOR_WAIT_MS = 3000;

/**
 * A new page starts at its top, or at its #anchor once that is rendered; going back or forward leaves the scroll
 * position to the browser, which restores it.
 */
function useScrollOnNavigation(pathname: string, hash: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) return target.scrollIntoView();
    window.scrollTo(0, 0);
    if (!id) return;
    const observer = new MutationObserver(() => {
      const appeared = document.getElementById(id);
      if (!appeared) return;
      observer.disconnect();
      appeared.scrollIntoView();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), ANCHOR_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, hash, navigationType]);
}

/** Where the floating assistant is (the spec's home page and /radio), and what it must clear at the bottom there. */
const CHAT_PAGES: Record<string, 'bottom-bar' | 'player'> = { '/': 'bottom-bar', '/radio': 'player' };

/** The floating assistant, loaded once the page has loaded (its own code and texts first). */
function FloatingChat({ pathname }: { pathname: string }) {
  const loaded = useAfterLoad();
  const place = CHAT_PAGES[pathname];
  if (!place || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget clear={place} />
    </Suspense>
  );
}

export function Layout() {
  const t = useT();
  const { pathname, hash } = useLocation();
  useScrollOnNavigation(pathname, hash);
  return (
    <div css={shell}>
      <a href="#main" css={skipLink}>
        {t('a11y.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense
            fallback={
              <div css={loading}>
                <Spinner label={t('common.loading')} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {/* The product puts the floating bar on the home page; other pages have their own bottom bars (the player). */}
      {pathname === '/' ? (
        <Suspense fallback={null}>
          <MobileBottomBar />
        </Suspense>
      ) : null}
      <FloatingChat pathname={pathname} />
      <AuthDialogHost />
      <ReauthenticationHost />
    </div>
  );
}
