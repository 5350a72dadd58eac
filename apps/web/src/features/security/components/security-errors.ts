import type { MessageId } from '@grouarock/i18n';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useAuthErrorText } from '../../auth';
import { PasskeyAlreadyOnDevice } from '../api/webauthn';

/** Refusals of the security endpoints that have a text of their own here. */
const byCode: Record<string, MessageId> = {
  passkey_exists: 'security.passkeys.exists',
  too_many_passkeys: 'security.passkeys.tooMany',
  invalid_passkey: 'security.passkeys.invalid',
  invalid_mfa_code: 'security.totp.wrongCode',
  mfa_already_enabled: 'security.totp.alreadyOn',
  mfa_not_enabled: 'security.totp.notOn',
  session_not_found: 'security.sessions.gone',
};

/**
 * The text for a failed security action: ours for the refusals above, otherwise the auth feature's (which says what a
 * final `reauthentication_required`, a rate limit or an unreachable server means).
 */
export function useSecurityErrorText(): (error: unknown) => string {
  const t = useT();
  const authText = useAuthErrorText();
  return useCallback(
    (error: unknown) => {
      if (error instanceof PasskeyAlreadyOnDevice) return t('security.passkeys.exists');
      const own = error instanceof ApiError && error.code ? byCode[error.code] : undefined;
      return own ? t(own) : authText(error, 'request');
    },
    [t, authText],
  );
}
