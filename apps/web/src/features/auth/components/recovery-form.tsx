import { css, type Theme } from '@emotion/react';
import { Button, displayHeading, useToast } from '@grouarock/ui';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { firstProblem, schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../auth-messages';
import { newPasswordProblems, type NewPasswordValues } from '../new-password';
import { useAuth } from './auth-provider';
import { formStack, linkButton, mutedText } from './form-styles';
import { NewPasswordFields } from './new-password-fields';

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['3xl']};
`;

/** A password given, then the new-password rules. */
export const recoverySchema: FormSchema<NewPasswordValues> = (values) => (!values.password ? { password: 'auth.validation.fillAll' } : newPasswordProblems(values));

export interface RecoveryFormProps {
  /** The token from the recovery mail's link (`/auth?recovery_token=…`). */
  recoveryToken: string;
  /** Leaves the form for the normal sign-in (e.g. after an expired link). */
  onCancel: () => void;
}

/** "Set a new password" after the recovery mail: on success the user is signed in (PASSWORD_RECOVERY). */
export function RecoveryForm({ recoveryToken, onCancel }: RecoveryFormProps) {
  const t = useT();
  const { resetPassword } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const navigate = useNavigate();
  const headingId = useId();
  const { register, handleSubmit, setError, formState, control } = useForm<NewPasswordValues>({
    resolver: schemaResolver(recoverySchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const typed = useWatch({ control, name: 'password' });
  // Held once it succeeded: the page is on its way home.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  const submit = handleSubmit(
    async ({ password }) => {
      try {
        await resetPassword(recoveryToken, password);
        show({ tone: 'success', title: t('auth.recovery.success') });
        void navigate('/', { replace: true });
      } catch (error) {
        show({ tone: 'error', title: errorText(error, 'recovery') });
        setError('root.server', { type: 'server' });
      }
    },
    (errors) => show({ tone: 'error', title: t(firstProblem(errors) ?? 'auth.validation.fillAll') }),
  );

  return (
    <form css={formStack} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h1 id={headingId} css={heading}>
        {t('auth.recovery.title')}
      </h1>
      <p css={mutedText}>{t('auth.recovery.text')}</p>
      <NewPasswordFields
        labels={{ password: t('auth.recovery.password'), confirm: t('auth.recovery.confirm') }}
        register={register}
        password={typed}
      />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t('auth.recovery.busy') : t('auth.recovery.submit')}
      </Button>
      <button type="button" css={linkButton} onClick={onCancel} disabled={busy}>
        {t('auth.forgot.back')}
      </button>
    </form>
  );
}
