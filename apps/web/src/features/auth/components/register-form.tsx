import { Button, TextField, useToast } from '@grouarock/ui';
import { useForm } from 'react-hook-form';
import { firstProblem, schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../auth-messages';
import { newPasswordProblems, type NewPasswordValues } from '../new-password';
import { useAuth } from './auth-provider';
import { formStack } from './form-styles';
import { EmailField } from './email-field';
import { NewPasswordFields } from './new-password-fields';

interface RegisterValues extends NewPasswordValues {
  username: string;
  email: string;
}

/** Email, password and username filled in, then the new-password rules. */
export const registerSchema: FormSchema<RegisterValues> = (values) =>
  !values.email.trim() || !values.password || !values.username.trim() ? { email: 'auth.validation.fillRequired' } : newPasswordProblems(values);

export interface RegisterFormProps {
  /** Called with the address once the account exists (its confirmation mail is on the way). */
  onRegistered: (email: string) => void;
}

/** The /auth "Rejestracja" tab. Its rules (registerSchema) are checked before any call and reported as toasts. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const t = useT();
  const { signUp } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const { register, handleSubmit, setError, formState } = useForm<RegisterValues>({
    resolver: schemaResolver(registerSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const busy = formState.isSubmitting;

  const submit = handleSubmit(
    async ({ email, password, username }) => {
      const address = email.trim();
      try {
        await signUp(address, password, username.trim());
        show({ tone: 'success', title: t('auth.toast.signupSuccess') });
        onRegistered(address);
      } catch (error) {
        show({ tone: 'error', title: errorText(error, 'signup') });
        setError('root.server', { type: 'server' });
      }
    },
    (errors) => show({ tone: 'error', title: t(firstProblem(errors) ?? 'auth.validation.fillRequired') }),
  );

  return (
    <form css={formStack} onSubmit={(event) => void submit(event)} noValidate aria-label={t('auth.tab.register')}>
      <TextField label={t('auth.field.username')} autoComplete="username" aria-required="true" {...register('username')} />
      <EmailField placeholder={t('auth.field.emailPlaceholder')} aria-required="true" {...register('email')} />
      <NewPasswordFields
        labels={{ password: t('auth.field.password'), confirm: t('auth.field.confirmPassword') }}
        register={register}
        confirmRequired={false}
      />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t('auth.register.busy') : t('auth.register.submit')}
      </Button>
    </form>
  );
}
