import { css, type Theme } from '@emotion/react';
import { Button } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { AuthProviders, OAuthProvider } from '../api/auth-api';
import { useAuth } from './auth-provider';

const order: readonly OAuthProvider[] = ['google', 'facebook', 'github'];

const names: Record<OAuthProvider, MessageId> = {
  google: 'auth.social.google',
  facebook: 'auth.social.facebook',
  github: 'auth.social.github',
};

const divider = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  margin: ${theme.space[5]} 0 ${theme.space[4]};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};

  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${theme.colors.border};
  }
`;

const row = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: ${theme.space[3]};
`;

function ProviderIcon({ provider }: { provider: OAuthProvider }) {
  switch (provider) {
    case 'google':
      return (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" />
          <path fill="currentColor" d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z" opacity=".8" />
          <path fill="currentColor" d="M6.4 14a6 6 0 0 1 0-3.9V7.5H3.1a10 10 0 0 0 0 9z" opacity=".6" />
          <path fill="currentColor" d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5L6.4 10C7.2 7.7 9.4 6 12 6z" opacity=".9" />
        </svg>
      );
    case 'facebook':
      return (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.4v7A10 10 0 0 0 22 12z" />
        </svg>
      );
    case 'github':
      return (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.5-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.4 1.1 3 .8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.7 1a9.4 9.4 0 0 1 5 0c1.9-1.3 2.7-1 2.7-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.3 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2z" />
        </svg>
      );
  }
}

/** Sign-in with Google, Facebook or GitHub: only the providers the server has configured are shown. */
export function SocialButtons() {
  const t = useT();
  const { getProviders, signInWithOAuth } = useAuth();
  const [enabled, setEnabled] = useState<AuthProviders | null>(null);

  useEffect(() => {
    let active = true;
    getProviders().then(
      (providers) => active && setEnabled(providers),
      (error: unknown) => console.warn('Could not read the sign-in providers', error),
    );
    return () => {
      active = false;
    };
  }, [getProviders]);

  const available = order.filter((provider) => enabled?.[provider]);
  if (available.length === 0) return null;

  return (
    <div role="group" aria-label={t('auth.social.label')}>
      <p css={divider}>{t('auth.social.divider')}</p>
      <div css={row}>
        {available.map((provider) => (
          <Button key={provider} variant="ghost" onClick={() => signInWithOAuth(provider)}>
            <ProviderIcon provider={provider} />
            {t(names[provider])}
          </Button>
        ))}
      </div>
    </div>
  );
}
