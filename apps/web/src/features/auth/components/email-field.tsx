import { TextField, type TextFieldProps } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>;

/** The account email input of every auth and profile form: label, type and autocomplete fixed. */
export function EmailField(props: EmailFieldProps) {
  const t = useT();
  return <TextField label={t('auth.field.email')} type="email" name="email" autoComplete="email" {...props} />;
}
