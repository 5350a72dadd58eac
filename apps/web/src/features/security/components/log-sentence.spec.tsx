import { screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { useT } from '../../../lib/i18n';
import type { SecurityEventDto } from '../api/security';
import { logSentence, SECURITY_EVENT_TYPES, type SecurityEventType } from './log-sentence';

function Sentence({ event }: { event: Pick<SecurityEventDto, 'type' | 'detail'> }) {
  const t = useT();
  const { id, values } = logSentence(event);
  return <p>{t(id, values)}</p>;
}

function said(type: string, detail: Record<string, string> = {}): string {
  const { unmount } = renderApp(<Sentence event={{ type, detail }} />);
  const text = screen.getByRole('paragraph').textContent ?? '';
  unmount();
  return text;
}

/** Every type the API records, with the details it records it with, and the sentence a Polish reader sees. */
const sentences: Record<SecurityEventType, [Record<string, string>, string][]> = {
  signed_in: [
    [{ method: 'password' }, 'Zalogowano hasłem'],
    [{ method: 'totp+password' }, 'Zalogowano hasłem i kodem z aplikacji'],
    [{ method: 'recovery+password' }, 'Zalogowano hasłem i kodem odzyskiwania'],
    [{ method: 'totp+oauth' }, 'Zalogowano kontem Google, Facebook lub GitHub i kodem z aplikacji'],
    [{ method: 'oauth' }, 'Zalogowano kontem Google, Facebook lub GitHub'],
    [{ method: 'email_link' }, 'Zalogowano linkiem z maila'],
    [{ method: 'passkey', passkey: 'MacBook' }, 'Zalogowano kluczem dostępu „MacBook”'],
    [{ method: 'passkey' }, 'Zalogowano kluczem dostępu'],
    [{ method: 'something_new' }, 'Zalogowano'],
  ],
  sign_in_failed_second_factor: [
    [{ method: 'password' }, 'Nieudane logowanie: hasło było poprawne, ale kod z aplikacji był błędny'],
    [{ method: 'oauth' }, 'Nieudane logowanie: logowanie przez Google, Facebook lub GitHub się powiodło, ale kod z aplikacji był błędny'],
  ],
  reauthenticated: [
    [{ method: 'password' }, 'Potwierdzono tożsamość hasłem'],
    [{ method: 'totp' }, 'Potwierdzono tożsamość kodem z aplikacji'],
    [{ method: 'passkey' }, 'Potwierdzono tożsamość kluczem dostępu'],
    [{ method: 'email_code' }, 'Potwierdzono tożsamość kodem z maila'],
  ],
  totp_enabled: [[{}, 'Włączono aplikację uwierzytelniającą']],
  totp_disabled: [[{}, 'Wyłączono aplikację uwierzytelniającą']],
  recovery_codes_generated: [[{}, 'Wygenerowano nowe kody odzyskiwania']],
  recovery_code_used: [
    [{ left: '9' }, 'Użyto kodu odzyskiwania (zostało 9 kodów)'],
    [{ left: '3' }, 'Użyto kodu odzyskiwania (zostały 3 kody)'],
    [{ left: '1' }, 'Użyto kodu odzyskiwania (został 1 kod)'],
    [{ left: '0' }, 'Użyto kodu odzyskiwania (nie zostało już żadnego)'],
    [{}, 'Użyto kodu odzyskiwania'],
  ],
  passkey_added: [[{ passkey: 'MacBook' }, 'Dodano klucz dostępu „MacBook”']],
  passkey_removed: [[{ passkey: 'YubiKey' }, 'Usunięto klucz dostępu „YubiKey”']],
  session_ended: [[{ session: '5b0c…' }, 'Wylogowano jedno z urządzeń']],
  other_sessions_ended: [
    [{ count: '1' }, 'Wylogowano wszędzie indziej (1 sesja)'],
    [{ count: '2' }, 'Wylogowano wszędzie indziej (2 sesje)'],
    [{ count: '5' }, 'Wylogowano wszędzie indziej (5 sesji)'],
    [{ count: '0' }, 'Wylogowano wszędzie indziej (nie było innych sesji)'],
  ],
  password_changed: [
    [{}, 'Zmieniono hasło'],
    [{ via: 'recovery_link' }, 'Ustawiono nowe hasło linkiem z maila'],
  ],
  email_change_requested: [
    [{ email: 'nowy@example.com' }, 'Poproszono o zmianę adresu email na nowy@example.com'],
    [{}, 'Poproszono o zmianę adresu email'],
  ],
  api_key_created: [
    [{ key: 'Bot', scope: 'read-only' }, 'Utworzono klucz API „Bot” (tylko odczyt)'],
    [{ key: 'Skrypt', scope: 'full-access' }, 'Utworzono klucz API „Skrypt” (pełny dostęp)'],
  ],
  api_key_revoked: [[{ key: 'Bot na Discordzie' }, 'Unieważniono klucz API „Bot na Discordzie”']],
};

describe('logSentence', () => {
  it.each(SECURITY_EVENT_TYPES.flatMap((type) => sentences[type].map(([detail, text]) => [type, detail, text] as const)))(
    '%s %j reads “%s”',
    (type, detail, text) => {
      expect(said(type, detail)).toBe(text);
    },
  );

  it('a type the API adds later still reads as a sentence', () => {
    expect(said('webauthn_tuned', {})).toBe('Inna zmiana zabezpieczeń konta');
  });
});
