import { TextField } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useId } from 'react';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { useT } from '../../../lib/i18n';
import { PASSWORD_MIN_LENGTH } from '../constants';
import type { NewPasswordValues } from '../new-password';
import { PasswordStrengthMeter } from './password-strength-meter';

export interface NewPasswordFieldsProps<T extends NewPasswordValues> {
  /** Visible labels: "Hasło" / "Potwierdź hasło", "Nowe hasło" / "Powtórz nowe hasło"… */
  labels: { password: string; confirm: string };
  /** The form's register: the fields are its `password` and `confirmPassword`. */
  register: UseFormRegister<T>;
  /** Shown under each field, for forms that report problems in place (others show them as toasts). */
  errors?: FieldErrors<T>;
  /** Whether the confirmation is announced as required. */
  confirmRequired?: boolean;
  /** The browser checks both fields (required, the minimum length) before the form's rules run: the auth dialog. */
  browserChecked?: boolean;
  /** Extra attributes per field (the dialog ties a field to the problem it shows). */
  fieldProps?: (field: keyof NewPasswordValues) => { 'aria-describedby'?: string };
  /** The password as typed (the form's `useWatch` of `password`): its strength is shown live under the field. */
  password: string;
  /** The account's email and names (passwordUserInputs), which make a password easy to guess. */
  userInputs?: readonly string[];
}

/** A new password and its confirmation, as every form that sets a password asks for them (see new-password.ts). */
export function NewPasswordFields<T extends NewPasswordValues>({
  labels,
  register,
  errors,
  confirmRequired = true,
  browserChecked = false,
  fieldProps = () => ({}),
  password,
  userInputs,
}: NewPasswordFieldsProps<T>) {
  const t = useT();
  const strengthId = useId();
  const passwordProps = fieldProps('password');
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
        {...(browserChecked ? { required: true, minLength: PASSWORD_MIN_LENGTH } : { hint: t('auth.field.passwordHint'), 'aria-required': 'true' })}
        error={message('password')}
        {...passwordProps}
        aria-describedby={[passwordProps['aria-describedby'], strengthId].filter(Boolean).join(' ')}
        {...register('password' as Path<T>)}
      />
      <PasswordStrengthMeter id={strengthId} password={password} userInputs={userInputs} />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        {...(browserChecked ? { required: true, minLength: PASSWORD_MIN_LENGTH } : { 'aria-required': confirmRequired ? 'true' : undefined })}
        error={message('confirmPassword')}
        {...fieldProps('confirmPassword')}
        {...register('confirmPassword' as Path<T>)}
      />
    </>
  );
}
