import { Button, Panel, TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useForm } from 'react-hook-form';
import { schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { useAuth, useAuthErrorText, type AuthUser } from '../../auth';
import { actions, form } from './profile-styles';

interface ProfileValues {
  username: string;
  displayName: string;
}

/** Both names filled in. */
export const profileSchema: FormSchema<ProfileValues> = ({ username, displayName }) => ({
  ...(username.trim() ? {} : { username: 'auth.validation.fillRequired' }),
  ...(displayName.trim() ? {} : { displayName: 'auth.validation.fillRequired' }),
});

/** Username and display name (the sign-up metadata), saved with PUT /auth/user. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const t = useT();
  const { updateUser } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const { register, handleSubmit, formState } = useForm<ProfileValues>({
    resolver: schemaResolver(profileSchema),
    defaultValues: { username: user.user_metadata.username ?? '', displayName: user.user_metadata.display_name ?? '' },
  });
  const { errors, isSubmitting: busy } = formState;
  const errorOf = (field: keyof ProfileValues) => (errors[field]?.message ? t(errors[field].message as MessageId) : undefined);

  const submit = handleSubmit(async ({ username, displayName }) => {
    try {
      await updateUser({ data: { username: username.trim(), display_name: displayName.trim() } });
      show({ tone: 'success', title: t('profile.edit.saved') });
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'request') });
    }
  });

  return (
    <Panel title={t('profile.edit.title')}>
      <form css={form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('profile.edit.username')}
          autoComplete="username"
          maxLength={32}
          aria-required="true"
          error={errorOf('username')}
          {...register('username')}
        />
        <TextField
          label={t('profile.edit.displayName')}
          autoComplete="nickname"
          maxLength={64}
          aria-required="true"
          error={errorOf('displayName')}
          {...register('displayName')}
        />
        <div css={actions}>
          <Button type="submit" loading={busy}>
            {busy ? t('profile.edit.busy') : t('profile.edit.submit')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
