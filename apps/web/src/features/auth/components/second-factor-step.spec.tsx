import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { apiError, answer, setupApiServer, type Received } from '../../../testing/api-server';
import { sessionDto } from '../../../testing/auth-fixtures';
import { renderApp, renderRoutes } from '../../../testing/render-app';
import { useAuthDialog } from '../atoms';
import { SessionManager } from '../session-manager';
import { AuthDialogHost } from './auth-dialog-host';
import { AuthPage } from './auth-page';

setupApiServer();

/** The server's answer to the password sign-in of an account with the authenticator app on. */
const mfaRequired = (factors = ['totp', 'recovery']) => () =>
  HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Enter the code', code: 'mfa_required', mfa_token: 'mfa-token-1', factors }, { status: 403 });

function renderAuthPage(path = '/auth') {
  return renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/', element: <p>strona główna</p> },
      { path: '/profile', element: <p>profil</p> },
    ],
    path,
    { auth: new SessionManager({ arrivedThroughRedirect: () => false }) },
  );
}

async function findToast(text: string | RegExp) {
  return within(await screen.findByRole('region', { name: /^Powiadomienia/ })).findByText(text);
}

/** Signs in with a password on /auth; the server answers the token endpoint with `answers` in turn. */
async function passwordSignIn(...answers: Parameters<typeof answer>[2][]) {
  const user = userEvent.setup();
  const tokens = answer('post', '/auth/token', ...answers);
  const view = renderAuthPage();
  const form = screen.getByRole('form', { name: 'Logowanie' });
  await user.type(within(form).getByLabelText('Email'), 'fan@example.com');
  await user.type(within(form).getByLabelText('Hasło'), 'riff-raff');
  await user.click(within(form).getByRole('button', { name: 'Zaloguj się' }));
  return { user, tokens, view };
}

const codeCalls = (tokens: Received[]) => tokens.filter((call) => call.url === '/api/v1/auth/token?grant_type=mfa');

beforeEach(() => {
  localStorage.clear();
  answer('get', '/auth/providers', { google: false, facebook: false, github: false });
});

describe('/auth: the second step of a sign-in with the authenticator app on', () => {
  it('shows the code step in place of the form; six digits sign in at once', async () => {
    const { user, tokens } = await passwordSignIn(mfaRequired(), sessionDto());

    const code = await screen.findByLabelText('Kod z aplikacji');
    expect(screen.getByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Hasło')).not.toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');

    await user.type(code, '12a345');
    expect(code).toHaveValue('12345');
    expect(codeCalls(tokens)).toEqual([]);
    await user.type(code, '6');

    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(codeCalls(tokens)).toEqual([expect.objectContaining({ body: { mfa_token: 'mfa-token-1', code: '123456' }, authorization: null })]);
    expect(await findToast('Witaj w GrouaRock!')).toBeInTheDocument();
  });

  it('a wrong code is said next to the field, which is emptied and keeps the focus', async () => {
    const { user, tokens } = await passwordSignIn(mfaRequired(), () => apiError(400, { code: 'invalid_mfa_code', fields: ['code'] }), sessionDto());
    const code = await screen.findByLabelText('Kod z aplikacji');
    await user.type(code, '000000');

    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy kod: mógł wygasnąć albo został już użyty. Wpisz nowy.');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(/Nieprawidłowy kod/);

    await user.type(code, '654321');
    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(codeCalls(tokens).map((call) => (call.body as { code: string }).code)).toEqual(['000000', '654321']);
  });

  it('too many tries say how long to wait', async () => {
    const { user } = await passwordSignIn(mfaRequired(), () => apiError(429, { code: 'too_many_attempts', message: 'Too many' }, { 'Retry-After': '42' }));
    await user.type(await screen.findByLabelText('Kod z aplikacji'), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Zbyt wiele prób. Spróbuj ponownie za 42 sekundy.');
  });

  it('a step that ran out of time goes back to the password form and says so', async () => {
    const { user } = await passwordSignIn(mfaRequired(), () => apiError(401, { code: 'invalid_mfa_token' }));
    await user.type(await screen.findByLabelText('Kod z aplikacji'), '111111');

    expect(await findToast('Krok logowania wygasł. Zaloguj się ponownie.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Logowanie' });
    expect(within(form).getByLabelText('Email')).toHaveValue('fan@example.com');
  });

  it('a recovery code instead: a text field and the button', async () => {
    const { user, tokens } = await passwordSignIn(mfaRequired(), sessionDto());
    await screen.findByLabelText('Kod z aplikacji');
    await user.click(screen.getByRole('button', { name: 'Użyj kodu odzyskiwania' }));

    const recovery = screen.getByLabelText('Kod odzyskiwania');
    expect(recovery).toHaveFocus();
    expect(recovery).not.toHaveAttribute('inputmode');
    expect(screen.getByText(/Każdy działa tylko raz/)).toBeInTheDocument();
    await user.type(recovery, ' abcdef-ghijkl-mnopqr-stuvwx ');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));

    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(codeCalls(tokens)).toEqual([expect.objectContaining({ body: { mfa_token: 'mfa-token-1', code: 'abcdef-ghijkl-mnopqr-stuvwx' } })]);
  });

  it('an empty or short code is not sent', async () => {
    const { user, tokens } = await passwordSignIn(mfaRequired());
    const code = await screen.findByLabelText('Kod z aplikacji');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wpisz kod.');
    await user.type(code, '123{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Kod z aplikacji ma 6 cyfr.');
    expect(codeCalls(tokens)).toEqual([]);
  });

  it('"Wróć do logowania" brings the form back with the address typed', async () => {
    const { user } = await passwordSignIn(mfaRequired());
    await screen.findByLabelText('Kod z aplikacji');
    await user.click(screen.getByRole('button', { name: 'Wróć do logowania' }));
    const form = screen.getByRole('form', { name: 'Logowanie' });
    expect(within(form).getByLabelText('Email')).toHaveValue('fan@example.com');
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers a passkey instead only to an account that has one (and a browser that can)', async () => {
    const original = window.PublicKeyCredential;
    Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true, writable: true });
    try {
      await passwordSignIn(mfaRequired(['totp', 'recovery', 'passkey']));
      await screen.findByLabelText('Kod z aplikacji');
      expect(screen.getByRole('button', { name: 'Użyj klucza dostępu' })).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'PublicKeyCredential', { value: original, configurable: true, writable: true });
    }
  });

  it('without a passkey on the account there is no passkey option', async () => {
    await passwordSignIn(mfaRequired(['totp', 'recovery']));
    await screen.findByLabelText('Kod z aplikacji');
    expect(screen.queryByRole('button', { name: 'Użyj klucza dostępu' })).not.toBeInTheDocument();
  });
});

describe('/auth?next=…#mfa_token=… (a provider\'s or a mail link\'s sign-in that needs the second step)', () => {
  it('shows the step at once, takes the token out of the address, and goes on to `next` after the code', async () => {
    const user = userEvent.setup();
    const tokens = answer('post', '/auth/token', sessionDto());
    const { router } = renderAuthPage('/auth?next=%2Fprofile#mfa_token=link-token');

    const code = screen.getByLabelText('Kod z aplikacji');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.search).toBe('?next=%2Fprofile');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.type(code, '123456');
    expect(await screen.findByText('profil')).toBeInTheDocument();
    expect(tokens).toEqual([expect.objectContaining({ url: '/api/v1/auth/token?grant_type=mfa', body: { mfa_token: 'link-token', code: '123456' } })]);
  });

  it('a `next` of another site is not followed: home instead', async () => {
    const user = userEvent.setup();
    answer('post', '/auth/token', sessionDto());
    const { router } = renderAuthPage('/auth?next=%2F%2Fevil.example%2Fsteal#mfa_token=link-token');
    await user.type(screen.getByLabelText('Kod z aplikacji'), '123456');
    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('without the token in the address it is the usual sign-in page', () => {
    renderAuthPage('/auth?next=%2Fprofile#something-else');
    expect(screen.getByRole('form', { name: 'Logowanie' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Kod z aplikacji')).not.toBeInTheDocument();
  });
});

describe('the sign-in dialog: the second step in its own place', () => {
  function Opener() {
    const dialog = useAuthDialog();
    return (
      <>
        <button type="button" onClick={() => dialog.open('login')}>
          otwórz logowanie
        </button>
        <AuthDialogHost />
      </>
    );
  }

  it('a password sign-in that needs the app\'s code asks for it in the dialog, which closes once signed in', async () => {
    const user = userEvent.setup();
    const tokens = answer('post', '/auth/token', mfaRequired(), sessionDto());
    renderApp(<Opener />, '/', { auth: new SessionManager({ arrivedThroughRedirect: () => false }) });
    await user.click(screen.getByRole('button', { name: 'otwórz logowanie' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.type(within(dialog).getByLabelText('Hasło'), 'riff-raff');
    await user.click(within(dialog).getByRole('button', { name: 'Zaloguj się' }));

    const code = await within(dialog).findByLabelText('Kod z aplikacji');
    expect(code).toHaveFocus();
    await user.type(code, '123456');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(codeCalls(tokens)).toEqual([expect.objectContaining({ body: { mfa_token: 'mfa-token-1', code: '123456' } })]);
  });

  it('in the dialog, a step that ran out of time brings the form back with the reason inside it', async () => {
    const user = userEvent.setup();
    answer('post', '/auth/token', mfaRequired(), () => apiError(401, { code: 'invalid_mfa_token' }));
    renderApp(<Opener />, '/', { auth: new SessionManager({ arrivedThroughRedirect: () => false }) });
    await user.click(screen.getByRole('button', { name: 'otwórz logowanie' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.type(within(dialog).getByLabelText('Hasło'), 'riff-raff');
    await user.click(within(dialog).getByRole('button', { name: 'Zaloguj się' }));
    await user.type(await within(dialog).findByLabelText('Kod z aplikacji'), '123456');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Krok logowania wygasł. Zaloguj się ponownie.');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('fan@example.com');
  });
});
