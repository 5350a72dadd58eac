import { Button, Panel, TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useForm, useWatch } from 'react-hook-form';
import { schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import {
  isAuthErrorCode,
  newPasswordProblems,
  NewPasswordFields,
  passwordUserInputs,
  useAuth,
  useAuthErrorText,
  type AuthUser,
  type NewPasswordValues,
} from '../../auth';
import { actions, form, muted } from './profile-styles';

interface PasswordValues extends NewPasswordValues {
  current: string;
}

/** The current password when there is one to change, and the new-password rules. */
export const passwordSchema =
  (change: boolean): FormSchema<PasswordValues> =>
  (values) => ({
    ...(change && !values.current ? { current: 'auth.validation.fillRequired' } : {}),
    ...newPasswordProblems(values),
  });

const empty: PasswordValues = { current: '', password: '', confirmPassword: '' };

/**
 * Changes the password (the current one is required), or sets a first one for an account that signs in
 * only through Google, Facebook or GitHub.
 */
export function PasswordForm({ user }: { user: AuthUser }) {
  const t = useT();
  const { updateUser } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const change = user.has_password;
  const { register, handleSubmit, reset, setError, formState, control } = useForm<PasswordValues>({
    resolver: schemaResolver(passwordSchema(change)),
    defaultValues: empty,
  });
  const { errors, isSubmitting: busy } = formState;
  const typed = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async ({ current, password }) => {
    try {
      await updateUser({ password, ...(change ? { current_password: current } : {}) });
      reset(empty);
      show({ tone: 'success', title: t('profile.password.changed') });
    } catch (error) {
      if (isAuthErrorCode(error, 'invalid_current_password')) setError('current', { type: 'server', message: 'auth.toast.wrongCurrentPassword' });
      else show({ tone: 'error', title: errorText(error, 'request') });
    }
  });

  return (
    <Panel title={t(change ? 'profile.password.title' : 'profile.password.setTitle')}>
      {change ? null : <p css={muted}>{t('profile.password.setText')}</p>}
      <form css={form} onSubmit={(event) => void submit(event)} noValidate>
        {change ? (
          <TextField
            label={t('profile.password.current')}
            type="password"
            autoComplete="current-password"
            aria-required="true"
            error={errors.current?.message ? t(errors.current.message as MessageId) : undefined}
            {...register('current')}
          />
        ) : null}
        <NewPasswordFields
          labels={{ password: t('profile.password.new'), confirm: t('profile.password.confirm') }}
          register={register}
          errors={errors}
          password={typed}
          userInputs={passwordUserInputs(user.email, user.user_metadata.username, user.user_metadata.display_name)}
        />
        <div css={actions}>
          <Button type="submit" loading={busy}>
            {busy ? t('profile.password.busy') : t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
