import type { MessageId } from '@grouarock/i18n';
import type { SecurityEventDto } from '../api/security';

/** What the security log records (the API's SecurityEventType). */
export const SECURITY_EVENT_TYPES = [
  'signed_in',
  'sign_in_failed_second_factor',
  'reauthenticated',
  'totp_enabled',
  'totp_disabled',
  'recovery_codes_generated',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
  'session_ended',
  'other_sessions_ended',
  'password_changed',
  'email_change_requested',
  'api_key_created',
  'api_key_revoked',
] as const;

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export interface Sentence {
  id: MessageId;
  values?: Record<string, string | number>;
}

/**
 * The ways of proving who one is, as the messages' `select`s name them: a method the API adds later reads "other"
 * (a generic phrase) rather than breaking the sentence.
 */
const METHODS = ['password', 'oauth', 'email_link', 'email_code', 'passkey', 'totp', 'recovery'];
const method = (value: string | undefined) => (value && METHODS.includes(value) ? value : 'other');

/**
 * A sign-in's methods, newest first ("totp+password": the app's code after the password): the first step and the
 * second, if there was one.
 */
function steps(methods: string | undefined): { first: string; second: string } {
  const parts = (methods ?? '').split('+').filter(Boolean);
  return parts.length > 1 ? { first: method(parts[parts.length - 1]), second: method(parts[0]) } : { first: method(parts[0]), second: 'none' };
}

const isKnown = (type: string): type is SecurityEventType => (SECURITY_EVENT_TYPES as readonly string[]).includes(type);

/** A line of the security log as a sentence of the reader's language: what happened, with its details. */
export function logSentence({ type, detail }: Pick<SecurityEventDto, 'type' | 'detail'>): Sentence {
  if (!isKnown(type)) return { id: 'security.log.event.other' };
  switch (type) {
    case 'signed_in': {
      const { first, second } = steps(detail.method);
      return detail.passkey && first === 'passkey'
        ? { id: 'security.log.event.signedInPasskey', values: { name: detail.passkey } }
        : { id: 'security.log.event.signedIn', values: { first, second } };
    }
    case 'sign_in_failed_second_factor':
      return { id: 'security.log.event.secondFactorFailed', values: { first: method(detail.method) } };
    case 'reauthenticated':
      return { id: 'security.log.event.reauthenticated', values: { method: method(detail.method) } };
    case 'totp_enabled':
      return { id: 'security.log.event.totpEnabled' };
    case 'totp_disabled':
      return { id: 'security.log.event.totpDisabled' };
    case 'recovery_codes_generated':
      return { id: 'security.log.event.recoveryCodesGenerated' };
    case 'recovery_code_used':
      return Number.isFinite(Number(detail.left)) && detail.left !== undefined
        ? { id: 'security.log.event.recoveryCodeUsed', values: { left: Number(detail.left) } }
        : { id: 'security.log.event.recoveryCodeUsedSimple' };
    case 'passkey_added':
      return { id: 'security.log.event.passkeyAdded', values: { name: detail.passkey ?? '' } };
    case 'passkey_removed':
      return { id: 'security.log.event.passkeyRemoved', values: { name: detail.passkey ?? '' } };
    case 'session_ended':
      return { id: 'security.log.event.sessionEnded' };
    case 'other_sessions_ended':
      return { id: 'security.log.event.otherSessionsEnded', values: { count: Number(detail.count ?? 0) } };
    case 'password_changed':
      return { id: detail.via === 'recovery_link' ? 'security.log.event.passwordReset' : 'security.log.event.passwordChanged' };
    case 'email_change_requested':
      return detail.email ? { id: 'security.log.event.emailChangeRequested', values: { email: detail.email } } : { id: 'security.log.event.emailChangeRequestedSimple' };
    case 'api_key_created':
      return { id: 'security.log.event.apiKeyCreated', values: { name: detail.key ?? '', scope: detail.scope === 'full-access' ? 'full' : 'read' } };
    case 'api_key_revoked':
      return { id: 'security.log.event.apiKeyRevoked', values: { name: detail.key ?? '' } };
  }
}
