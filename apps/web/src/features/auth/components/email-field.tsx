import { TextField, type TextFieldProps } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** The account email input of every auth and profile form: label, type and autocomplete fixed. */
export function EmailField({ value, onValueChange, ...rest }: EmailFieldProps) {
  const t = useT();
  return (
    <TextField
      label={t('auth.field.email')}
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      {...rest}
    />
  );
}
