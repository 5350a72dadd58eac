import { Button, Card, useToast } from '@grouarock/ui';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { EmailField, NewPasswordFields, PASSWORD_MIN_LENGTH, useAuth, useAuthDialog, useAuthErrorText } from '../../auth';
import { actions, form, muted, notice, sectionHeading } from './profile-styles';

interface Errors {
  email?: string;
  password?: string;
  confirm?: string;
}

/**
 * For a guest (anonymous) session: turn it into a full account by adding an email and a password. The server
 * mails a confirmation link; once it is opened the same user (likes and all) is no longer anonymous. A guest who
 * already has an account signs in through the auth dialog instead.
 */
export function UpgradeAccount() {
  const t = useT();
  const { updateUser } = useAuth();
  const dialog = useAuthDialog();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    const found: Errors = {
      email: address ? undefined : t('auth.validation.fillRequired'),
      password: password.length < PASSWORD_MIN_LENGTH ? t('auth.validation.passwordTooShort') : undefined,
      confirm: password !== confirm ? t('auth.validation.passwordsMismatch') : undefined,
    };
    setErrors(found);
    if (found.email || found.password || found.confirm) return;
    setBusy(true);
    try {
      await updateUser({ email: address, password });
      setSentTo(address);
      setPassword('');
      setConfirm('');
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'signup') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" padding="lg" tone="highlight" aria-labelledby={headingId}>
      <h2 id={headingId} css={sectionHeading}>
        {t('profile.upgrade.title')}
      </h2>
      <p css={muted}>{t('profile.upgrade.text')}</p>
      <div role="status">{sentTo ? <p css={notice}>{t('profile.upgrade.sent', { email: sentTo })}</p> : null}</div>
      <form css={form} onSubmit={(event) => void submit(event)} noValidate>
        <EmailField aria-required="true" error={errors.email} value={email} onValueChange={setEmail} />
        <NewPasswordFields
          labels={{ password: t('auth.field.password'), confirm: t('auth.field.confirmPassword') }}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          errors={errors}
        />
        <div css={actions}>
          <Button type="submit" loading={busy}>
            {busy ? t('profile.upgrade.busy') : t('profile.upgrade.submit')}
          </Button>
        </div>
      </form>
      <p css={muted}>{t('profile.upgrade.haveAccount')}</p>
      <div css={actions}>
        <Button variant="ghost" onClick={() => dialog.open('login')}>
          {t('profile.upgrade.login')}
        </Button>
      </div>
    </Card>
  );
}
