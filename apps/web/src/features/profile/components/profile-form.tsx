import { Button, Card, TextField, useToast } from '@grouarock/ui';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { useAuth, useAuthErrorText, type AuthUser } from '../../auth';
import { actions, form, sectionHeading } from './profile-styles';

/** Username and display name (the sign-up metadata), saved with PUT /auth/user. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const t = useT();
  const { updateUser } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const headingId = useId();
  const [username, setUsername] = useState(user.user_metadata.username ?? '');
  const [displayName, setDisplayName] = useState(user.user_metadata.display_name ?? '');
  const [errors, setErrors] = useState<{ username?: string; displayName?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = { username: username.trim(), display_name: displayName.trim() };
    const required = t('auth.validation.fillRequired');
    const found = { username: data.username ? undefined : required, displayName: data.display_name ? undefined : required };
    setErrors(found);
    if (found.username || found.displayName) return;
    setBusy(true);
    try {
      await updateUser({ data });
      show({ tone: 'success', title: t('profile.edit.saved') });
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'request') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" padding="lg" aria-labelledby={headingId}>
      <h2 id={headingId} css={sectionHeading}>
        {t('profile.edit.title')}
      </h2>
      <form css={form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('profile.edit.username')}
          name="username"
          autoComplete="username"
          maxLength={32}
          aria-required="true"
          error={errors.username}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label={t('profile.edit.displayName')}
          name="displayName"
          autoComplete="nickname"
          maxLength={64}
          aria-required="true"
          error={errors.displayName}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <div css={actions}>
          <Button type="submit" loading={busy}>
            {busy ? t('profile.edit.busy') : t('profile.edit.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
