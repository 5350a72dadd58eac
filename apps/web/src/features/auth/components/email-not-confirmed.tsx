import { css, type Theme } from '@emotion/react';
import { Button, useToast } from '@grouarock/ui';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useAuthErrorText } from '../auth-messages';
import { useAuth } from './auth-provider';

const box = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space[3]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border: 2px solid ${theme.colors.secondary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
`;

const text = css`
  margin: 0;
`;

/** Shown after a sign-in refused with email_not_confirmed: says why and offers to send the link again. */
export function EmailNotConfirmed({ email }: { email: string }) {
  const t = useT();
  const { resendConfirmation } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const [sent, setSent] = useState(false);
  const { run: resend, running: busy } = useAsyncAction(async () => {
    try {
      await resendConfirmation(email);
      setSent(true);
      show({ tone: 'info', title: t('auth.emailNotConfirmed.sent') });
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'request') });
    }
  });

  return (
    <div css={box} role="status">
      <p css={text}>{sent ? t('auth.emailNotConfirmed.sent') : t('auth.emailNotConfirmed.text')}</p>
      {sent ? null : (
        <Button variant="secondary" size="sm" loading={busy} onClick={() => void resend()}>
          {busy ? t('auth.emailNotConfirmed.busy') : t('auth.emailNotConfirmed.resend')}
        </Button>
      )}
    </div>
  );
}
