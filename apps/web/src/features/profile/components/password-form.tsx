import { Button, Card, TextField, useToast } from '@grouarock/ui';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { isAuthErrorCode, NewPasswordFields, PASSWORD_MIN_LENGTH, useAuth, useAuthErrorText, type AuthUser } from '../../auth';
import { actions, form, muted, sectionHeading } from './profile-styles';

interface Errors {
  current?: string;
  password?: string;
  confirm?: string;
}

const empty = { current: '', password: '', confirm: '' };

/**
 * Changes the password (the current one is required), or sets a first one for an account that signs in
 * only through Google, Facebook or GitHub.
 */
export function PasswordForm({ user }: { user: AuthUser }) {
  const t = useT();
  const { updateUser } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const headingId = useId();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const change = user.has_password;

  const set = (name: keyof typeof empty) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = {
      current: change && !values.current ? t('auth.validation.fillRequired') : undefined,
      password: values.password.length < PASSWORD_MIN_LENGTH ? t('auth.validation.passwordTooShort') : undefined,
      confirm: values.password !== values.confirm ? t('auth.validation.passwordsMismatch') : undefined,
    };
    setErrors(found);
    if (found.current || found.password || found.confirm) return;
    setBusy(true);
    try {
      await updateUser({ password: values.password, ...(change ? { current_password: values.current } : {}) });
      setValues(empty);
      show({ tone: 'success', title: t('profile.password.changed') });
    } catch (error) {
      if (isAuthErrorCode(error, 'invalid_current_password')) setErrors({ current: t('auth.toast.wrongCurrentPassword') });
      else show({ tone: 'error', title: errorText(error, 'request') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" padding="lg" aria-labelledby={headingId}>
      <h2 id={headingId} css={sectionHeading}>
        {t(change ? 'profile.password.title' : 'profile.password.setTitle')}
      </h2>
      {change ? null : <p css={muted}>{t('profile.password.setText')}</p>}
      <form css={form} onSubmit={(event) => void submit(event)} noValidate>
        {change ? (
          <TextField
            label={t('profile.password.current')}
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            aria-required="true"
            error={errors.current}
            value={values.current}
            onChange={(event) => set('current')(event.target.value)}
          />
        ) : null}
        <NewPasswordFields
          labels={{ password: t('profile.password.new'), confirm: t('profile.password.confirm') }}
          name="newPassword"
          password={values.password}
          confirm={values.confirm}
          onPasswordChange={set('password')}
          onConfirmChange={set('confirm')}
          errors={errors}
        />
        <div css={actions}>
          <Button type="submit" loading={busy}>
            {busy ? t('profile.password.busy') : t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
