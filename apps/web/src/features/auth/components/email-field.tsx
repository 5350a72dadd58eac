import { TextField, type TextFieldProps } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'> & {
  /** "email" (the default); the sign-in form's is "username webauthn", so the browser also suggests passkeys there. */
  autoComplete?: 'email' | 'username webauthn';
};

/** The account email input of every auth and profile form: label and type fixed. */
export function EmailField({ autoComplete = 'email', ...props }: EmailFieldProps) {
  const t = useT();
  return <TextField label={t('auth.field.email')} type="email" name="email" autoComplete={autoComplete} {...props} />;
}
