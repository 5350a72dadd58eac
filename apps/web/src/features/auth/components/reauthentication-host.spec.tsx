import { startAuthentication } from '@simplewebauthn/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { apiError, answer, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderApp } from '../../../testing/render-app';
import { useAuthErrorText } from '../auth-messages';
import { SessionManager } from '../session-manager';
import { useAuth } from './auth-provider';
import { ReauthenticationHost } from './reauthentication-host';

jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: jest.fn(),
  browserSupportsWebAuthnAutofill: jest.fn(() => Promise.resolve(false)),
  WebAuthnAbortService: { cancelCeremony: jest.fn() },
}));

setupApiServer();

/** A form of the app whose change needs a recent sign-in (as /profile's password form): it stays as typed under the dialog. */
function ChangeName() {
  const { updateUser } = useAuth();
  const errorText = useAuthErrorText();
  const [name, setName] = useState('');
  const [said, setSaid] = useState('');
  const save = async () => {
    try {
      await updateUser({ data: { username: name } });
      setSaid('zapisano');
    } catch (error) {
      setSaid(errorText(error, 'request'));
    }
  };
  return (
    <>
      <label>
        nazwa
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="button" onClick={() => void save()}>
        zapisz
      </button>
      <output>{said}</output>
      <ReauthenticationHost />
    </>
  );
}

const refusal = (factors: string[]) => () =>
  HttpResponse.json({ statusCode: 401, error: 'Unauthorized', message: 'Confirm it is you', code: 'reauthentication_required', factors }, { status: 401 });

async function signedInApp() {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false, storage: null });
  answer('post', '/auth/token', sessionDto());
  await auth.initialize();
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  const user = userEvent.setup();
  renderApp(<ChangeName />, '/', { auth });
  return { user, auth, stale: auth.accessToken() };
}

/** Types a name and saves it: the server refuses the first PUT with `factors` and takes the next. */
async function saveName(factors: string[]) {
  const context = await signedInApp();
  const puts = answer('put', '/auth/user', refusal(factors), userDto());
  await context.user.type(screen.getByLabelText('nazwa'), 'riff');
  await context.user.click(screen.getByRole('button', { name: 'zapisz' }));
  const dialog = await screen.findByRole('dialog', { name: 'Potwierdź, że to Ty' });
  return { ...context, puts, dialog };
}

beforeEach(() => localStorage.clear());

describe('ReauthenticationHost: a change that needs a recent sign-in', () => {
  it('asks for the password over the page, then finishes the change with the new token; the form kept its values', async () => {
    const fresh = sessionDto();
    const proofs = answer('post', '/auth/reauthenticate', fresh);
    const { user, puts, dialog, stale } = await saveName(['password']);

    expect(dialog).toHaveAccessibleDescription('Ze względów bezpieczeństwa ta zmiana wymaga potwierdzenia, że to Ty. Potem dokończymy ją za Ciebie.');
    const password = within(dialog).getByLabelText('Hasło');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('nazwa', { selector: 'input' })).toHaveValue('riff');

    await user.type(password, 'riff-raff');
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdź' }));

    expect(await screen.findByText('zapisano')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(proofs).toEqual([expect.objectContaining({ authorization: `Bearer ${stale}`, body: { password: 'riff-raff' } })]);
    expect(puts.map((put) => [put.authorization, put.body])).toEqual([
      [`Bearer ${stale}`, { data: { username: 'riff' } }],
      [`Bearer ${fresh.access_token}`, { data: { username: 'riff' } }],
    ]);
    // Focus goes back to where it was.
    await waitFor(() => expect(screen.getByRole('button', { name: 'zapisz' })).toHaveFocus());
  });

  it('a wrong password is said in the dialog, which stays open for the next try', async () => {
    answer('post', '/auth/reauthenticate', () => apiError(400, { code: 'invalid_credentials' }), sessionDto());
    const { user, dialog } = await saveName(['password']);
    const password = within(dialog).getByLabelText('Hasło');

    await user.type(password, 'wrong-one{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nieprawidłowe hasło');
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();

    await user.type(password, 'riff-raff{Enter}');
    expect(await screen.findByText('zapisano')).toBeInTheDocument();
  });

  it('Escape cancels: the change fails with a clear message, and nothing is sent again', async () => {
    const proofs = answer('post', '/auth/reauthenticate', sessionDto());
    const { user, puts } = await saveName(['password']);

    await user.keyboard('{Escape}');

    expect(await screen.findByText('Ze względów bezpieczeństwa potwierdź, że to Ty, i spróbuj ponownie.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toHaveLength(1);
    expect(proofs).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'zapisz' })).toHaveFocus());
  });

  it('"Anuluj" cancels the same way', async () => {
    const { user, dialog } = await saveName(['password', 'totp', 'recovery']);
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(await screen.findByText('Ze względów bezpieczeństwa potwierdź, że to Ty, i spróbuj ponownie.')).toBeInTheDocument();
  });

  it('a code of the authenticator app instead: six digits confirm at once', async () => {
    const proofs = answer('post', '/auth/reauthenticate', sessionDto());
    const { user, dialog } = await saveName(['password', 'totp', 'recovery']);

    await user.click(within(dialog).getByRole('button', { name: 'Użyj kodu z aplikacji' }));
    const code = within(dialog).getByLabelText('Kod z aplikacji');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    await user.type(code, '123456');

    expect(await screen.findByText('zapisano')).toBeInTheDocument();
    expect(proofs).toEqual([expect.objectContaining({ body: { code: '123456' } })]);
  });

  it('a recovery code instead', async () => {
    const proofs = answer('post', '/auth/reauthenticate', sessionDto());
    const { user, dialog } = await saveName(['password', 'totp', 'recovery']);

    await user.click(within(dialog).getByRole('button', { name: 'Użyj kodu odzyskiwania' }));
    await user.type(within(dialog).getByLabelText('Kod odzyskiwania'), 'abcdef-ghijkl-mnopqr-stuvwx{Enter}');

    expect(await screen.findByText('zapisano')).toBeInTheDocument();
    expect(proofs).toEqual([expect.objectContaining({ body: { code: 'abcdef-ghijkl-mnopqr-stuvwx' } })]);
  });

  it('a passkey of the account: its options signed in, the browser\'s prompt, then the proof', async () => {
    const original = window.PublicKeyCredential;
    Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true, writable: true });
    try {
      const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] };
      const credential = { id: 'cred-1', type: 'public-key', response: {} };
      const ceremonies = answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options });
      const proofs = answer('post', '/auth/reauthenticate', sessionDto());
      jest.mocked(startAuthentication).mockResolvedValue(credential as never);
      const { user, dialog, stale } = await saveName(['passkey']);

      expect(within(dialog).getByText('Potwierdź kluczem dostępu zapisanym dla tego konta.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Użyj klucza dostępu' }));

      expect(await screen.findByText('zapisano')).toBeInTheDocument();
      expect(ceremonies).toEqual([expect.objectContaining({ authorization: `Bearer ${stale}` })]);
      expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: false });
      expect(proofs).toEqual([expect.objectContaining({ body: { passkey: { challenge_id: 'challenge-1', credential } } })]);
    } finally {
      Object.defineProperty(window, 'PublicKeyCredential', { value: original, configurable: true, writable: true });
    }
  });

  it('an account with nothing else gets a mailed code: "Wyślij mi kod", then six digits', async () => {
    const sent = answer('post', '/auth/reauthenticate/email-code', new HttpResponse(null, { status: 204 }));
    const proofs = answer('post', '/auth/reauthenticate', sessionDto());
    const { user, dialog } = await saveName(['email_code']);

    expect(within(dialog).getByText('Wyślemy 6-cyfrowy kod na adres email Twojego konta.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij mi kod' }));

    expect(await within(dialog).findByText('Wysłaliśmy kod na fan@example.com. Wpisz go poniżej.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Kod z emaila'), '654321');

    expect(await screen.findByText('zapisano')).toBeInTheDocument();
    expect(proofs).toEqual([expect.objectContaining({ body: { email_code: '654321' } })]);
  });

  it('two changes refused together open one dialog, and both finish', async () => {
    const { user } = await signedInApp();
    const puts = answer('put', '/auth/user', refusal(['password']), refusal(['password']), userDto());
    answer('post', '/auth/reauthenticate', sessionDto());
    await user.type(screen.getByLabelText('nazwa'), 'riff');
    const save = screen.getByRole('button', { name: 'zapisz' });
    await user.dblClick(save);

    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź, że to Ty' });
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.type(within(dialog).getByLabelText('Hasło'), 'riff-raff{Enter}');

    await waitFor(() => expect(puts).toHaveLength(4));
    expect(await screen.findByText('zapisano')).toBeInTheDocument();
  });

  it('signed out meanwhile, the dialog closes and the change fails', async () => {
    const { auth } = await saveName(['password']);
    act(() => auth.forget());
    expect(await screen.findByText('Ze względów bezpieczeństwa potwierdź, że to Ty, i spróbuj ponownie.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
