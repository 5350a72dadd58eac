import { css, type Theme } from '@emotion/react';
import { IconButton } from '@grouarock/ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { HeaderAccount } from '../../auth';
import { LanguageSwitcher } from '../../language/components/language-switcher';
import { Logo } from './logo';
import { NavLinks } from './nav-links';

const bar = (theme: Theme) => css`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.sticky};
  background: rgba(11, 10, 13, 0.92);
  backdrop-filter: blur(8px);
  border-bottom: 3px solid ${theme.colors.accent};
`;

const inner = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[4]};
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[2]} ${theme.space[4]};
`;

const desktopOnly = (theme: Theme) => css`
  ${theme.mq.belowMobile} {
    display: none;
  }
`;

const mobileOnly = (theme: Theme) => css`
  ${theme.mq.mobileUp} {
    display: none;
  }
`;

const push = css`
  margin-left: auto;
`;

const actions = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
`;

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="square">
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}

// The drawer (and the modal machinery under it) loads when it is first opened, not with every page.
const MobileMenu = lazy(() => import('./mobile-menu'));

/** The sticky site header; below 768 px its links move into a drawer that slides in from the right. */
export function Header() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButtonBox = useRef<HTMLDivElement>(null);
  const menuWasOpen = useRef(false);
  // The drawer is not opened by a Radix trigger, so once it has closed (and released its focus trap) focus goes
  // back to the menu button here.
  useEffect(() => {
    if (menuWasOpen.current && !menuOpen) menuButtonBox.current?.querySelector('button')?.focus();
    menuWasOpen.current = menuOpen;
  }, [menuOpen]);

  return (
    <header css={bar}>
      <div css={inner}>
        <Logo />
        <nav aria-label={t('nav.label')} css={[desktopOnly, push]}>
          <NavLinks />
        </nav>
        <div css={[actions, desktopOnly]}>
          <LanguageSwitcher />
          <HeaderAccount />
        </div>
        <div css={[mobileOnly, push]} ref={menuButtonBox}>
          <IconButton
            label={t('header.openMenu')}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
          {menuWanted ? (
            <Suspense fallback={null}>
              <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </header>
  );
}
