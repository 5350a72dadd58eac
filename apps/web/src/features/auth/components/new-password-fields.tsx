import { TextField } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { useT } from '../../../lib/i18n';
import type { NewPasswordValues } from '../new-password';

export interface NewPasswordFieldsProps<T extends NewPasswordValues> {
  /** Visible labels: "Hasło" / "Potwierdź hasło", "Nowe hasło" / "Powtórz nowe hasło"… */
  labels: { password: string; confirm: string };
  /** The form's register: the fields are its `password` and `confirmPassword`. */
  register: UseFormRegister<T>;
  /** Shown under each field, for forms that report problems in place (others show them as toasts). */
  errors?: FieldErrors<T>;
  /** Whether the confirmation is announced as required. */
  confirmRequired?: boolean;
}

/** A new password and its confirmation, as every form that sets a password asks for them (see new-password.ts). */
export function NewPasswordFields<T extends NewPasswordValues>({ labels, register, errors, confirmRequired = true }: NewPasswordFieldsProps<T>) {
  const t = useT();
  const message = (field: keyof NewPasswordValues) => {
    const id = (errors as FieldErrors<NewPasswordValues> | undefined)?.[field]?.message as MessageId | undefined;
    return id ? t(id) : undefined;
  };
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={t('auth.field.passwordHint')}
        aria-required="true"
        error={message('password')}
        {...register('password' as Path<T>)}
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        aria-required={confirmRequired ? 'true' : undefined}
        error={message('confirmPassword')}
        {...register('confirmPassword' as Path<T>)}
      />
    </>
  );
}
