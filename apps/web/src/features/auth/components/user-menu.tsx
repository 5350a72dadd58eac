import { css, type Theme } from '@emotion/react';
import { Button, DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@grouarock/ui';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { accountName } from '../account-name';
import type { AuthUser } from '../api/auth-api';
import { useSignOut } from '../use-sign-out';

const triggerText = css`
  max-width: 12rem;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const who = (theme: Theme) => css`
  display: block;
  margin-top: ${theme.space[1]};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.semibold};
`;

function UserIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

/** The signed-in header menu: who is signed in, the profile link and sign-out (keyboard operable, Radix). */
export function UserMenu({ user }: { user: AuthUser }) {
  const t = useT();
  const { signOut } = useSignOut();
  const name = accountName(user) ?? t('userMenu.guest');

  return (
    <DropdownMenu
      label={t('userMenu.label')}
      trigger={
        <Button variant="ghost" size="sm">
          <UserIcon />
          <span css={triggerText}>{name}</span>
        </Button>
      }
    >
      <DropdownMenuLabel>
        {t('userMenu.signedInAs')}
        <span css={who}>{user.is_anonymous || !user.email ? t('userMenu.guest') : user.email}</span>
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <Link to="/profile">{t('userMenu.profile')}</Link>
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => void signOut()}>{t('userMenu.logout')}</DropdownMenuItem>
    </DropdownMenu>
  );
}
