import { css, type Theme } from '@emotion/react';
import { Drawer, IconButton } from '@grouarock/ui';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { DrawerAccount, HeaderAccount } from '../../auth';
import { LanguageSwitcher } from '../../language';
import { Logo } from './logo';
import { NavLinks } from './nav-links';
import { desktopOnly, mobileOnly } from './responsive';

const bar = (theme: Theme) => css`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.sticky};
  /* Opaque: a translucent bar needs a backdrop blur to stay legible over the page, and that blur is redrawn for
     every frame the page paints under it, the first included (docs/page-load.md). */
  background: ${theme.colors.bg};
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


const push = css`
  margin-left: auto;
`;

const actions = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
`;

const drawerSection = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
`;

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="square">
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}

/** The sticky site header; below 768 px its links move into a drawer that slides in from the right. */
export function Header() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

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
        <div css={[mobileOnly, push]}>
          <Drawer
            title={t('header.menuTitle')}
            closeLabel={t('header.closeMenu')}
            side="right"
            open={menuOpen}
            onOpenChange={setMenuOpen}
            trigger={
              <IconButton label={t('header.openMenu')} aria-expanded={menuOpen}>
                <MenuIcon />
              </IconButton>
            }
          >
            <div css={drawerSection}>
              <nav aria-label={t('nav.label')}>
                <NavLinks vertical onNavigate={closeMenu} />
              </nav>
              <LanguageSwitcher />
              <DrawerAccount onNavigate={closeMenu} />
            </div>
          </Drawer>
        </div>
      </div>
    </header>
  );
}
