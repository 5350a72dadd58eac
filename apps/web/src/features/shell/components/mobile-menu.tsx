import { css, type Theme } from '@emotion/react';
import { Drawer } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { DrawerAccount } from '../../auth';
import { LanguageSwitcher } from '../../language/components/language-switcher';
import { NavLinks } from './nav-links';

const drawerSection = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
`;

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The header's links, language and account in a drawer from the right (below 768 px). */
export default function MobileMenu({ open, onOpenChange }: MobileMenuProps) {
  const t = useT();
  const close = () => onOpenChange(false);
  return (
    <Drawer title={t('header.menuTitle')} closeLabel={t('header.closeMenu')} side="right" open={open} onOpenChange={onOpenChange}>
      <div css={drawerSection}>
        <nav aria-label={t('nav.label')}>
          <NavLinks vertical onNavigate={close} />
        </nav>
        <LanguageSwitcher />
        <DrawerAccount onNavigate={close} />
      </div>
    </Drawer>
  );
}
