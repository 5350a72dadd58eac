import { TextField } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';

export interface NewPasswordFieldsProps {
  /** Visible labels: "Hasło" / "Potwierdź hasło", "Nowe hasło" / "Powtórz nowe hasło"… */
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Form field name of the new password (the confirmation is always `confirmPassword`). */
  name?: string;
  errors?: { password?: string; confirm?: string };
  /** Whether the confirmation is announced as required. */
  confirmRequired?: boolean;
}

/** A new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields({
  labels,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  name = 'password',
  errors = {},
  confirmRequired = true,
}: NewPasswordFieldsProps) {
  const t = useT();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name={name}
        autoComplete="new-password"
        hint={t('auth.field.passwordHint')}
        aria-required="true"
        error={errors.password}
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      <TextField
        label={labels.confirm}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        aria-required={confirmRequired ? 'true' : undefined}
        error={errors.confirm}
        value={confirm}
        onChange={(event) => onConfirmChange(event.target.value)}
      />
    </>
  );
}
