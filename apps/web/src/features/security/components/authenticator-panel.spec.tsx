import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useAuthErrorText } from '../../auth';
import { SessionManager } from '../../auth';
import { answer, apiError, setupApiServer } from '../../../testing/api-server';
import { sessionDto } from '../../../testing/auth-fixtures';
import { renderApp } from '../../../testing/render-app';
import { ApiError } from '../../../lib/api';
import { AuthenticatorPanel } from './authenticator-panel';

setupApiServer();

// A session kept by an earlier test would be restored (a refresh) by the next one's SessionManager.
beforeEach(() => localStorage.clear());

const off = { password: true, totp: false, recovery_codes_left: 0, passkeys: 0, factors: ['password'] };
const on = { ...off, totp: true, recovery_codes_left: 10, factors: ['password', 'totp', 'recovery'] };
const enrolment = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/GrouaRock:fan%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=GrouaRock' };
const codes = Array.from({ length: 10 }, (_, i) => `code${i}a-bcdefg-hijklm-nopqrs`);

async function signedIn(): Promise<SessionManager> {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  answer('post', '/auth/token', sessionDto());
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  return auth;
}

function renderPanel(auth?: SessionManager) {
  return renderApp(<AuthenticatorPanel userId="u1" account="fan@example.com" />, '/', auth ? { auth } : {});
}

describe('AuthenticatorPanel', () => {
  it('turns the app on: QR code and the secret in fours, the first code, ten recovery codes shown once; this session goes on', async () => {
    const user = userEvent.setup();
    const auth = await signedIn();
    answer('get', '/auth/security', off, { ...on, recovery_codes_left: 10 });
    const started = answer('post', '/auth/factors/totp', enrolment);
    const enabled = sessionDto();
    const verified = answer('post', '/auth/factors/totp/verify', apiError(400, { code: 'invalid_mfa_code' }), { recovery_codes: codes, session: enabled });
    renderPanel(auth);
    expect(await screen.findByText('Wyłączona')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Włącz' }));

    const setup = await screen.findByRole('group', { name: 'Włączanie aplikacji uwierzytelniającej' });
    expect(started).toHaveLength(1);
    await waitFor(() => expect(setup).toHaveFocus());
    expect(within(setup).getByRole('img', { name: 'Kod QR do zeskanowania aplikacją uwierzytelniającą' }).tagName).toBe('svg');
    expect(within(setup).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();

    const field = within(setup).getByLabelText('Kod z aplikacji');
    await user.type(field, '12345');
    await user.click(within(setup).getByRole('button', { name: 'Potwierdź i włącz' }));
    expect(field).toHaveAccessibleDescription('Wpisz 6 cyfr z aplikacji');
    expect(verified).toEqual([]);

    await user.type(field, '6');
    await user.click(within(setup).getByRole('button', { name: 'Potwierdź i włącz' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Ten kod się nie zgadza/));
    await user.clear(field);
    await user.type(field, '654 321');
    await user.click(within(setup).getByRole('button', { name: 'Potwierdź i włącz' }));

    const shown = await screen.findByRole('region', { name: 'Twoje kody odzyskiwania' });
    expect(verified.map((request) => request.body)).toEqual([{ code: '123456' }, { code: '654321' }]);
    expect(within(shown).getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    expect(within(shown).getByRole('status')).toHaveTextContent('Wylogowaliśmy Cię na wszystkich innych urządzeniach');
    expect(shown).toHaveFocus();
    expect(auth.accessToken()).toBe(enabled.access_token);

    const copied = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(shown).getByRole('button', { name: 'Kopiuj wszystkie' }));
    expect(copied).toHaveBeenCalledWith(codes.join('\n'));
    expect(within(shown).getByRole('button', { name: 'Skopiowano' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Mam je zapisane' }));
    expect(screen.queryByRole('region', { name: 'Twoje kody odzyskiwania' })).not.toBeInTheDocument();
    expect(await screen.findByText('Włączona')).toBeInTheDocument();
    expect(screen.getByText('Zostało Ci 10 kodów odzyskiwania.')).toBeInTheDocument();
  });

  it('cancelling the setup leaves the app off', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/security', off);
    answer('post', '/auth/factors/totp', enrolment);
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Włącz' }));
    await user.click(within(await screen.findByRole('group', { name: 'Włączanie aplikacji uwierzytelniającej' })).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Włącz' })).toBeInTheDocument();
  });

  it('on: says how many recovery codes are left; new ones after a confirmation, downloadable as .txt', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/security', { ...on, recovery_codes_left: 3 }, on);
    const made = answer('post', '/auth/factors/recovery-codes', { recovery_codes: codes });
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (saved.push(blob), 'blob:codes');
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPanel();
    expect(await screen.findByText('Zostały Ci 3 kody odzyskiwania.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nowe kody odzyskiwania' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wygenerować nowe kody odzyskiwania?' });
    expect(dialog).toHaveAccessibleDescription('Dotychczasowe kody przestaną działać od razu.');
    await user.click(within(dialog).getByRole('button', { name: 'Tak, wygeneruj' }));
    const shown = await screen.findByRole('region', { name: 'Twoje kody odzyskiwania' });
    expect(made).toHaveLength(1);
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(within(shown).queryByRole('status')).not.toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Pobierz jako plik .txt' }));
    expect(clicked).toEqual(['grouarock-recovery-codes.txt']);
    expect(await saved[0].text()).toBe(['Kody odzyskiwania GrouaRock dla fan@example.com', 'Każdy kod działa jeden raz, zamiast kodu z aplikacji uwierzytelniającej.', '', ...codes, ''].join('\n'));
  });

  it('turns the app off after a confirmation', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/security', on, off);
    const removed = answer('delete', '/auth/factors/totp', new HttpResponse(null, { status: 204 }));
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Wyłącz' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Wyłączyć aplikację uwierzytelniającą?' })).getByRole('button', { name: 'Tak, wyłącz' }));
    expect(await screen.findByText('Wyłączono aplikację uwierzytelniającą', { selector: 'li *' })).toBeInTheDocument();
    expect(removed).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Włącz' })).toBeInTheDocument();
  });

  it('a refusal that stays “sign in again first” is said with the sign-in texts', async () => {
    const user = userEvent.setup();
    let expected = '';
    function Expected() {
      expected = useAuthErrorText()(new ApiError(401, 'Confirm it is you', 'reauthentication_required'), 'request');
      return null;
    }
    renderApp(<Expected />).unmount();
    answer('get', '/auth/security', off);
    answer('post', '/auth/factors/totp', apiError(401, { code: 'reauthentication_required', message: 'Confirm it is you' }));
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Włącz' }));
    expect(await screen.findByText(expected, { selector: 'li *' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Włącz' })).toBeInTheDocument();
  });
});
