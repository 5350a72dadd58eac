import { TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { firstProblem, schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { newPasswordProblems, type NewPasswordValues } from '../new-password';
import { passwordUserInputs } from '../password-strength';
import { useAuth } from './auth-provider';
import { EmailField } from './email-field';
import { AuthFormFrame, useAuthFormFeedback, type AuthFormVariant } from './auth-form';
import { NewPasswordFields } from './new-password-fields';

interface RegisterValues extends NewPasswordValues {
  username: string;
  email: string;
}

/** On /auth: email, password and username filled in, then the new-password rules. */
export const registerSchema: FormSchema<RegisterValues> = (values) =>
  !values.email.trim() || !values.password || !values.username.trim() ? { email: 'auth.validation.fillRequired' } : newPasswordProblems(values);

/** In the dialog the browser checks that every field is filled in; a mismatch is said in the dialog's own words. */
const dialogRegisterSchema: FormSchema<RegisterValues> = (values) => {
  const { confirmPassword, password } = newPasswordProblems(values);
  if (confirmPassword) return { confirmPassword: 'auth.dialog.passwordsMismatch' };
  return password ? { password } : {};
};

const variants = {
  page: { schema: registerSchema, submit: 'auth.register.submit', busy: 'auth.register.busy' },
  dialog: { schema: dialogRegisterSchema, submit: 'auth.dialog.submitRegister', busy: 'auth.dialog.busy' },
} satisfies Record<AuthFormVariant, { schema: FormSchema<RegisterValues>; submit: MessageId; busy: MessageId }>;

export interface RegisterFormProps {
  /** Called with the address once the account exists (its confirmation mail is on the way). */
  onRegistered: (email: string) => void;
  /** The /auth tab (the default) or the auth dialog: the product gives each its own labels and way of reporting. */
  variant?: AuthFormVariant;
  /** Below the submit button (the dialog's switch to signing in), given whether the form is busy. */
  footer?: (busy: boolean) => ReactNode;
}

/** Creating an account, on /auth and in the auth dialog: the form's rules are checked before any call. */
export function RegisterForm({ onRegistered, variant = 'page', footer }: RegisterFormProps) {
  const t = useT();
  const { signUp } = useAuth();
  const { show } = useToast();
  const feedback = useAuthFormFeedback<keyof RegisterValues>(variant);
  const texts = variants[variant];
  const dialog = variant === 'dialog';
  const { register, handleSubmit, setError, formState, control } = useForm<RegisterValues>({
    resolver: schemaResolver(texts.schema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const busy = formState.isSubmitting;
  const typed = useWatch({ control });
  const required = dialog ? { required: true } : { 'aria-required': 'true' as const };

  const submit = handleSubmit(
    async ({ email, password, username }) => {
      const address = email.trim();
      try {
        await signUp(address, password, username.trim());
        show({ tone: 'success', title: t('auth.toast.signupSuccess') });
        onRegistered(address);
      } catch (error) {
        feedback.refused(error, 'signup', address);
        setError('root.server', { type: 'server' });
      }
    },
    (errors) =>
      feedback.report(t(firstProblem(errors) ?? 'auth.validation.fillRequired'), errors.confirmPassword ? 'confirmPassword' : errors.password ? 'password' : undefined),
  );

  return (
    <AuthFormFrame
      feedback={feedback.frame}
      label={t('auth.tab.register')}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      submit={{ idle: t(texts.submit), busy: t(texts.busy) }}
      fields={
        <>
          <TextField
            label={t('auth.field.username')}
            autoComplete="username"
            {...required}
            // Inside a modal the first field is where the user starts typing.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={dialog}
            {...register('username')}
          />
          <EmailField placeholder={dialog ? undefined : t('auth.field.emailPlaceholder')} {...required} {...register('email')} />
          <NewPasswordFields
            labels={{ password: t('auth.field.password'), confirm: t('auth.field.confirmPassword') }}
            register={register}
            confirmRequired={false}
            browserChecked={dialog}
            fieldProps={feedback.fieldProps}
            password={typed.password ?? ''}
            userInputs={passwordUserInputs(typed.email, typed.username)}
          />
        </>
      }
    >
      {footer?.(busy)}
    </AuthFormFrame>
  );
}
