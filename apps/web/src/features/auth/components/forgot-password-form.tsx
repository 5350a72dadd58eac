import { css, type Theme } from '@emotion/react';
import { Button, displayHeading, useToast } from '@grouarock/ui';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { firstProblem, schemaResolver, type FormSchema } from '../../../lib/form-schema';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../auth-messages';
import { useAuth } from './auth-provider';
import { formStack, linkButton, mutedText } from './form-styles';
import { EmailField } from './email-field';

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
`;

const confirmation = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.success};
  background: ${theme.colors.successTint};
`;

/** An address given (whether it has an account is not said). */
export const forgotPasswordSchema: FormSchema<{ email: string }> = ({ email }) => (!email.trim() ? { email: 'auth.validation.fillAll' } : {});

export interface ForgotPasswordFormProps {
  initialEmail?: string;
  onBack: () => void;
}

/**
 * Asks for a recovery mail. The answer is the same whether or not the address has an account, so the message
 * is neutral too.
 */
export function ForgotPasswordForm({ initialEmail = '', onBack }: ForgotPasswordFormProps) {
  const t = useT();
  const { recoverPassword } = useAuth();
  const { show } = useToast();
  const errorText = useAuthErrorText();
  const headingId = useId();
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: schemaResolver(forgotPasswordSchema),
    defaultValues: { email: initialEmail },
  });
  const busy = formState.isSubmitting;
  const [sent, setSent] = useState(false);

  const submit = handleSubmit(
    async ({ email }) => {
      try {
        await recoverPassword(email.trim());
        setSent(true);
      } catch (error) {
        show({ tone: 'error', title: errorText(error, 'request') });
      }
    },
    (errors) => show({ tone: 'error', title: t(firstProblem(errors) ?? 'auth.validation.fillAll') }),
  );

  return (
    <form css={formStack} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} css={heading}>
        {t('auth.forgot.title')}
      </h2>
      <p css={mutedText}>{t('auth.forgot.text')}</p>
      <EmailField aria-required="true" {...register('email')} />
      <div role="status">{sent ? <p css={confirmation}>{t('auth.forgot.sent')}</p> : null}</div>
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? t('auth.forgot.busy') : t('auth.forgot.submit')}
      </Button>
      <button type="button" css={linkButton} onClick={onBack}>
        {t('auth.forgot.back')}
      </button>
    </form>
  );
}
