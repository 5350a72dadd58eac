import { Button, Panel, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import {
  EmailField,
  newPasswordProblems,
  NewPasswordFields,
  passwordUserInputs,
  useAuth,
  useAuthDialog,
  useAuthErrorText,
  type NewPasswordValues,
} from '../../auth';
import { actions, form, muted, notice } from './profile-styles';

interface UpgradeValues extends NewPasswordValues {
  email: string;
}

/** An address, and the new-password rules. */
export const upgradeSchema: FormSchema<UpgradeValues> = (values) => ({
  ...(values.email.trim() ? {} : { email: 'auth.validation.fillRequired' }),
  ...newPasswordProblems(values),
});

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
  const { register, handleSubmit, resetField, formState, control } = useForm<UpgradeValues>({
    resolver: schemaResolver(upgradeSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting: busy } = formState;
  const typed = useWatch({ control });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = handleSubmit(async ({ email, password }) => {
    const address = email.trim();
    try {
      await updateUser({ email: address, password });
      setSentTo(address);
      resetField('password');
      resetField('confirmPassword');
    } catch (error) {
      show({ tone: 'error', title: errorText(error, 'signup') });
    }
  });

  return (
    <Panel title={t('profile.upgrade.title')} tone="highlight">
      <p css={muted}>{t('profile.upgrade.text')}</p>
      <div role="status">{sentTo ? <p css={notice}>{t('profile.upgrade.sent', { email: sentTo })}</p> : null}</div>
      <form css={form} onSubmit={(event) => void submit(event)} noValidate>
        <EmailField aria-required="true" error={errors.email?.message ? t(errors.email.message as MessageId) : undefined} {...register('email')} />
        <NewPasswordFields
          labels={{ password: t('auth.field.password'), confirm: t('auth.field.confirmPassword') }}
          register={register}
          errors={errors}
          password={typed.password ?? ''}
          userInputs={passwordUserInputs(typed.email)}
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
    </Panel>
  );
}
