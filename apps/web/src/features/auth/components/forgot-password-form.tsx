import { css, type Theme } from '@emotion/react';
import { Button, displayHeading, useToast } from '@grouarock/ui';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../auth-messages';
import { useAuth } from './auth-provider';
import { formStack, linkButton, mutedText } from './form-styles';
import { EmailField } from './email-field';

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
`;

const confirmation = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.success};
  background: ${theme.colors.successTint};
`;

export interface ForgotPasswordFormProps {
  initialEmail?: string;
  onBack: () => void;
}

/**
 * Asks for a recovery mail. The answer is the same whether or not the address has an account, so the message
 * is neutral too.
 */
export function ForgotPasswordForm({ initialEmail = '', onBack }: ForgotPasswordFormProps) {
  const t = useT();
  const { recoverPassword } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const headingId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!address) {
      show({ tone: 'error', title: t('auth.validation.fillAll') });
      return;
    }
    setBusy(true);
    try {
      await recoverPassword(address);
      setSent(true);
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'request') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form css={formStack} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} css={heading}>
        {t('auth.forgot.title')}
      </h2>
      <p css={mutedText}>{t('auth.forgot.text')}</p>
      <EmailField aria-required="true" value={email} onValueChange={setEmail} />
      <div role="status">{sent ? <p css={confirmation}>{t('auth.forgot.sent')}</p> : null}</div>
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t('auth.forgot.busy') : t('auth.forgot.submit')}
      </Button>
      <button type="button" css={linkButton} onClick={onBack}>
        {t('auth.forgot.back')}
      </button>
    </form>
  );
}
