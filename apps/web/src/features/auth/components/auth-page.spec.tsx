import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { apiError, answer, setupApiServer, type Received } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { SessionManager } from '../session-manager';
import { AuthPage } from './auth-page';

setupApiServer();

/** A deferred answer: the request waits until the test calls `respond`. */
function held(body: object) {
  let respond!: () => void;
  const answered = new Promise<void>((resolve) => (respond = resolve));
  return { respond, answer: async () => (await answered, HttpResponse.json(body)) };
}

function renderAuthPage(path = '/auth', auth?: SessionManager) {
  return renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/', element: <p>strona główna</p> },
    ],
    path,
    { auth: auth ?? new SessionManager({ arrivedThroughRedirect: () => false }) },
  );
}

/** A toast's text; the toast region loads with the first toast. */
async function findToast(text: string | RegExp) {
  return within(await screen.findByRole('region', { name: /^Powiadomienia/ })).findByText(text);
}

let providerReads: Received[] = [];
let tokens: Received[] = [];
let signUps: Received[] = [];
let resets: Received[] = [];

beforeEach(() => {
  localStorage.clear();
  providerReads = answer('get', '/auth/providers', { google: false, facebook: false, github: false });
  tokens = answer('post', '/auth/token', () => apiError(500, { message: 'not expected in this test' }));
  signUps = answer('post', '/auth/signup', () => apiError(500, { message: 'not expected in this test' }));
  resets = answer('post', '/auth/reset', () => apiError(500, { message: 'not expected in this test' }));
});

describe('/auth', () => {
  it('shows the login and registration tabs and the five benefits', async () => {
    renderAuthPage();
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Rejestracja' })).toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getAllByRole('listitem')).toHaveLength(5);
    await waitFor(() => expect(providerReads).toHaveLength(1));
  });

  it('login with an empty field: the toast "Wypełnij wszystkie pola" and no call', async () => {
    const user = userEvent.setup();
    renderAuthPage();
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await findToast('Wypełnij wszystkie pola')).toBeInTheDocument();
    expect(tokens).toEqual([]);
  });

  it.each([
    [{ username: '', email: 'fan@example.com', password: 'riff-raff', confirm: 'riff-raff' }, 'Wypełnij wszystkie wymagane pola'],
    [{ username: 'punk', email: '', password: 'riff-raff', confirm: 'riff-raff' }, 'Wypełnij wszystkie wymagane pola'],
    [{ username: 'punk', email: 'fan@example.com', password: 'riff-raff', confirm: 'riff-rafff' }, 'Hasła nie są identyczne'],
    [{ username: 'punk', email: 'fan@example.com', password: 'riff', confirm: 'riff' }, 'Hasło musi mieć co najmniej 6 znaków'],
  ])('registration %o: the toast "%s" and no call', async (fields, message) => {
    const user = userEvent.setup();
    renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Rejestracja' }));
    const form = screen.getByRole('form', { name: 'Rejestracja' });
    for (const [label, value] of [
      ['Nazwa użytkownika', fields.username],
      ['Email', fields.email],
      ['Hasło', fields.password],
      ['Potwierdź hasło', fields.confirm],
    ] as const) {
      if (value) await user.type(within(form).getByLabelText(label), value);
    }
    await user.click(within(form).getByRole('button', { name: 'Utwórz konto' }));
    expect(await findToast(message)).toBeInTheDocument();
    expect(signUps).toEqual([]);
  });

  it('registers, says to check the mail and goes back to the login tab with the email filled in', async () => {
    const user = userEvent.setup();
    const signUp = held({ user: userDto(), confirmation_sent: true });
    answer('post', '/auth/signup', signUp.answer);
    renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Rejestracja' }));
    await user.type(screen.getByLabelText('Nazwa użytkownika'), 'punkrocker');
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'riff-raff');
    await user.type(screen.getByLabelText('Potwierdź hasło'), 'riff-raff');
    await user.click(screen.getByRole('button', { name: 'Utwórz konto' }));

    expect(screen.getByRole('button', { name: 'Tworzenie konta...' })).toHaveAttribute('aria-busy', 'true');
    signUp.respond();

    expect(await findToast('Konto zostało utworzone! Sprawdź email aby aktywować konto.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('fan@example.com');
  });

  it('says how hard the new password is to guess as it is typed, with zxcvbn\'s reason in Polish', async () => {
    const user = userEvent.setup();
    renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Rejestracja' }));
    await user.type(screen.getByLabelText('Email'), 'grzmotpunk@example.com');
    const password = screen.getByLabelText('Hasło');
    const strength = screen.getByTestId('password-strength');
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(strength.id);
    expect(strength).toBeEmptyDOMElement();

    await user.type(password, 'password1');
    // The first estimate waits for the typing pause and the dictionaries' chunk.
    expect(await within(strength).findByText('To jest często używane hasło.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(strength).getByRole('meter', { name: 'Siła hasła' })).toHaveAttribute('aria-valuetext', 'Bardzo słabe');
    expect(within(strength).getByText('Tego hasła nie przyjmiemy: jest za łatwe do odgadnięcia.')).toBeInTheDocument();

    // The person's own address counts against the password.
    await user.clear(password);
    await user.type(password, 'grzmotpunk77');
    expect(await within(strength).findByText('Nie powinno być żadnych danych osobowych, ani danych dotyczących strony.')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Cz3rwony-Trabant-Gra');
    expect(await within(strength).findByText('To hasło jest trudne do odgadnięcia.')).toBeInTheDocument();
    expect(within(strength).getByRole('meter', { name: 'Siła hasła' })).toHaveAttribute('aria-valuenow', '4');

    await user.clear(password);
    await waitFor(() => expect(strength).toBeEmptyDOMElement());
  });

  it('a password the server refuses as common gets its own text', async () => {
    const user = userEvent.setup();
    answer('post', '/auth/signup', () => apiError(400, { code: 'password_too_common', fields: ['password'], message: 'This password is one of the most commonly used' }));
    renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Rejestracja' }));
    await user.type(screen.getByLabelText('Nazwa użytkownika'), 'punkrocker');
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'password1');
    await user.type(screen.getByLabelText('Potwierdź hasło'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Utwórz konto' }));
    expect(await findToast('To hasło jest jednym z najczęściej używanych lub wyciekło: wybierz inne.')).toBeInTheDocument();
  });

  it('an email already registered gets the spec text', async () => {
    const user = userEvent.setup();
    answer('post', '/auth/signup', () => apiError(409, { code: 'user_already_exists', message: 'User already registered' }));
    renderAuthPage();
    await user.click(screen.getByRole('tab', { name: 'Rejestracja' }));
    await user.type(screen.getByLabelText('Nazwa użytkownika'), 'punkrocker');
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'riff-raff');
    await user.type(screen.getByLabelText('Potwierdź hasło'), 'riff-raff');
    await user.click(screen.getByRole('button', { name: 'Utwórz konto' }));
    expect(await findToast('Ten email jest już zarejestrowany. Spróbuj się zalogować.')).toBeInTheDocument();
  });

  it('signs in: busy label, the welcome toast, and the redirect home replacing /auth', async () => {
    const user = userEvent.setup();
    const token = held(sessionDto());
    answer('post', '/auth/token', token.answer);
    const { router } = renderAuthPage();
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'riff-raff');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(screen.getByRole('button', { name: 'Logowanie...' })).toBeInTheDocument();

    token.respond();

    expect(await findToast('Witaj w GrouaRock!')).toBeInTheDocument();
    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('wrong credentials: "Nieprawidłowy email lub hasło"; unconfirmed email: offers to resend the link', async () => {
    const user = userEvent.setup();
    answer(
      'post',
      '/auth/token',
      () => apiError(400, { code: 'invalid_credentials' }),
      () => apiError(403, { code: 'email_not_confirmed', message: 'Email not confirmed' }),
    );
    const resends = answer('post', '/auth/resend', { message: 'sent' });
    renderAuthPage();
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'riff-raff');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await findToast('Nieprawidłowy email lub hasło')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await user.click(await screen.findByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }));
    expect(await findToast(/wysłaliśmy nowy link/)).toBeInTheDocument();
    expect(resends.map((resend) => resend.body)).toEqual([{ email: 'fan@example.com' }]);
  });

  it('an unreadable answer: the unexpected-error text; rate limited: the wait from Retry-After', async () => {
    const user = userEvent.setup();
    answer(
      'post',
      '/auth/token',
      () => new HttpResponse('{oops', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      () => apiError(429, { message: 'Too Many Requests' }, { 'Retry-After': '42' }),
    );
    renderAuthPage();
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'riff-raff');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await findToast('Wystąpił nieoczekiwany błąd podczas logowania')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await findToast('Zbyt wiele prób. Spróbuj ponownie za 42 sekundy.')).toBeInTheDocument();
  });

  it('shows only the social buttons of enabled providers and navigates to the provider', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/providers', { google: true, facebook: false, github: true });
    const navigate = jest.fn();
    renderAuthPage('/auth', new SessionManager({ arrivedThroughRedirect: () => false, navigate }));
    const group = await screen.findByRole('group', { name: 'Logowanie przez serwisy zewnętrzne' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Google', 'GitHub']);
    await user.click(within(group).getByRole('button', { name: 'GitHub' }));
    expect(navigate).toHaveBeenCalledWith('/api/v1/auth/authorize?provider=github&redirect_to=%2F');
  });

  it.each([
    ['oauth', 'Wystąpił błąd podczas logowania przez OAuth'],
    ['link_invalid', /Link aktywacyjny jest nieprawidłowy lub wygasł/],
  ])('?error=%s shows its toast once and leaves the address', async (error, text) => {
    const { router } = renderAuthPage(`/auth?error=${error}`);
    expect(await findToast(text)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(screen.getByRole('region', { name: /^Powiadomienia/ })).getAllByText(text)).toHaveLength(1);
  });

  it('?recovery_token= asks for a new password and signs in with it', async () => {
    const user = userEvent.setup();
    resets = answer('post', '/auth/reset', sessionDto());
    const auth = new SessionManager({ arrivedThroughRedirect: () => false });
    const events: string[] = [];
    auth.onAuthStateChange((event) => events.push(event));
    const { router } = renderAuthPage(`/auth?recovery_token=${'r'.repeat(40)}`, auth);
    expect(screen.getByRole('heading', { level: 1, name: 'Ustaw nowe hasło' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nowe hasło'), 'brand-new');
    await user.type(screen.getByLabelText('Powtórz nowe hasło'), 'brand-neu');
    await user.click(screen.getByRole('button', { name: 'Zapisz nowe hasło' }));
    expect(await findToast('Hasła nie są identyczne')).toBeInTheDocument();
    expect(resets).toEqual([]);

    await user.clear(screen.getByLabelText('Powtórz nowe hasło'));
    await user.type(screen.getByLabelText('Powtórz nowe hasło'), 'brand-new');
    await user.click(screen.getByRole('button', { name: 'Zapisz nowe hasło' }));
    expect(await findToast('Hasło zostało zmienione. Jesteś zalogowany.')).toBeInTheDocument();
    expect(resets.map((reset) => reset.body)).toEqual([{ token: 'r'.repeat(40), password: 'brand-new' }]);
    expect(events).toContain('PASSWORD_RECOVERY');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sets the Polish login title and meta tags, and restores the defaults on leaving', () => {
    document.title = 'GrouaRock — radio online, koncerty na żywo i społeczność rocka';
    const { unmount } = renderAuthPage();
    expect(document.title).toBe('Logowanie i rejestracja — GrouaRock');
    const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content;
    expect(meta('name="description"')).toMatch(/^Zaloguj się do GrouaRock/);
    expect(meta('name="keywords"')).toContain('logowanie');
    expect(meta('property="og:title"')).toBe('Logowanie i rejestracja — GrouaRock');
    expect(meta('property="og:description"')).toMatch(/^Zaloguj się do GrouaRock/);
    expect(meta('name="twitter:title"')).toBe('Logowanie i rejestracja — GrouaRock');
    expect(meta('name="twitter:description"')).toMatch(/^Zaloguj się do GrouaRock/);

    unmount();
    expect(document.title).toBe('GrouaRock — radio online, koncerty na żywo i społeczność rocka');
    expect(meta('property="og:title"')).toBeUndefined();
    expect(meta('name="keywords"')).toBeUndefined();
  });
});
