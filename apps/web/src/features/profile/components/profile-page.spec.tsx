import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, answer, setupApiServer, type Received } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { AuthDialogHost, SessionManager } from '../../auth';
import { ProfilePage } from './profile-page';
import { PLAN_LIMITS_FIXTURE } from '../../../testing/plan-fixtures';

setupApiServer();

const thisSession = {
  id: 's-1',
  browser: 'Chrome 131',
  os: 'macOS 15',
  device: 'desktop',
  ip: '203.0.113.7',
  created_at: '2026-11-30T08:00:00.000Z',
  last_active_at: '2026-12-01T08:00:00.000Z',
  aal: 'aal1',
  current: true,
};
const otherSession = { ...thisSession, id: 's-2', browser: 'Safari 18', os: 'iOS 18', device: 'mobile', current: false };

/** The user reads the page makes (GET /auth/user), answered with the signed-in user. */
let userReads: Received[] = [];

const basicPlan = {
  plan: 'basic',
  source: 'default',
  limits: PLAN_LIMITS_FIXTURE.basic,
  subscription: null,
  trialAvailable: true,
} as const;

async function renderProfile(user: ReturnType<typeof userDto> | null, entitlements: object = basicPlan) {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  if (user) {
    answer('post', '/auth/token', sessionDto(900, user));
    await auth.signInWithPassword('fan@example.com', 'riff-raff');
    userReads = answer('get', '/auth/user', user);
    answer('get', '/me/entitlements', entitlements);
    answer('get', '/beta', { features: [], plan: 'ultra' });
    answer('get', '/user/playlists', { playlists: [], maxPlaylists: 50, maxStationsPerPlaylist: 5 });
    answer('get', '/developer/keys', { keys: [], maxActive: 10 });
    answer('get', '/developer/usage', { plan: 'free', monthlyRequests: 1000, perMinute: 10, burst: 50, usedThisMonth: 0, requestsLeftNow: 50, monthResetsAt: '2026-12-01T00:00:00.000Z' });
    answer('get', '/auth/security', { password: true, totp: false, recovery_codes_left: 0, passkeys: 0, factors: ['password'] });
    answer('get', '/auth/passkeys', { passkeys: [] });
    answer('get', '/auth/sessions', { sessions: [thisSession, otherSession] });
    answer('get', '/auth/security-log', { events: [] });
  }
  return renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <>
            <ProfilePage />
            <AuthDialogHost />
          </>
        ),
      },
      { path: '/auth', element: <p>logowanie</p> },
    ],
    '/profile',
    { auth },
  );
}

beforeEach(() => localStorage.clear());

describe('/profile', () => {
  it('sends a signed-out visitor to /auth', async () => {
    const { router } = await renderProfile(null);
    expect(await screen.findByText('logowanie')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the account: email, confirmed, providers, creation date; reads the user fresh', async () => {
    await renderProfile(userDto({ providers: ['google', 'github'] }));
    const account = screen.getByRole('region', { name: 'Konto' });
    expect(account).toHaveTextContent('fan@example.com');
    expect(account).toHaveTextContent('Potwierdzony');
    expect(account).toHaveTextContent('Google, GitHub');
    expect(account).toHaveTextContent('1 sierpnia 2025');
    await waitFor(() => expect(userReads).toEqual([expect.objectContaining({ authorization: expect.stringMatching(/^Bearer access-/) })]));
  });

  it('saves username and display name', async () => {
    const user = userEvent.setup();
    const updates = answer('put', '/auth/user', userDto({ user_metadata: { username: 'nowy', display_name: 'Nowy' } }));
    await renderProfile(userDto());
    const form = screen.getByRole('region', { name: 'Dane profilu' });
    await user.clear(within(form).getByLabelText('Nazwa użytkownika'));
    await user.type(within(form).getByLabelText('Nazwa użytkownika'), 'nowy');
    await user.clear(within(form).getByLabelText('Wyświetlana nazwa'));
    await user.type(within(form).getByLabelText('Wyświetlana nazwa'), 'Nowy');
    await user.click(within(form).getByRole('button', { name: 'Zapisz zmiany' }));
    expect(await screen.findByText('Zapisano dane profilu', { selector: 'li *' })).toBeInTheDocument();
    expect(updates.map((update) => update.body)).toEqual([{ data: { username: 'nowy', display_name: 'Nowy' } }]);
  });

  it('changing the password needs the current one; a wrong one is said at that field', async () => {
    const user = userEvent.setup();
    const updates = answer('put', '/auth/user', () => apiError(400, { code: 'invalid_current_password' }));
    await renderProfile(userDto());
    const form = screen.getByRole('region', { name: 'Zmiana hasła' });
    await user.type(within(form).getByLabelText('Nowe hasło'), 'brand-new');
    await user.type(within(form).getByLabelText('Powtórz nowe hasło'), 'brand-new');
    await user.click(within(form).getByRole('button', { name: 'Zmień hasło' }));
    expect(within(form).getByLabelText('Aktualne hasło')).toHaveAccessibleDescription('Wypełnij wszystkie wymagane pola');
    expect(updates).toEqual([]);

    await user.type(within(form).getByLabelText('Aktualne hasło'), 'not-it');
    await user.click(within(form).getByRole('button', { name: 'Zmień hasło' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Aktualne hasło')).toHaveAccessibleDescription('Aktualne hasło jest nieprawidłowe'),
    );
    expect(updates.map((update) => update.body)).toEqual([{ password: 'brand-new', current_password: 'not-it' }]);
  });

  it('has a security section for a full account: passkeys, authenticator app, devices, log', async () => {
    await renderProfile(userDto());
    const security = screen.getByRole('region', { name: 'Bezpieczeństwo' });
    expect(within(security).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Klucze dostępu',
      'Aplikacja uwierzytelniająca',
      'Zalogowane urządzenia',
      'Dziennik bezpieczeństwa',
    ]);
    expect(await within(security).findByText('Chrome 131 na macOS 15')).toBeInTheDocument();
    expect(await within(security).findByText('W dzienniku nie ma jeszcze żadnych zdarzeń.')).toBeInTheDocument();
    expect(await within(security).findByRole('button', { name: 'Włącz' })).toBeInTheDocument();
  });

  it('signs out everywhere else from the devices list; one way to do it, not two', async () => {
    const user = userEvent.setup();
    const others = answer('post', '/auth/sessions/end-others', { ended: 1 });
    await renderProfile(userDto());
    expect(screen.queryByRole('button', { name: 'Wyloguj się ze wszystkich urządzeń' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Wyloguj wszędzie indziej' }));
    expect(await screen.findByText('Wylogowano 1 inną sesję', { selector: 'li *' })).toBeInTheDocument();
    expect(others).toHaveLength(1);
  });

  it('a guest can turn the session into a full account, or sign in through the dialog', async () => {
    const user = userEvent.setup();
    const guest = userDto({ is_anonymous: true, email: null, has_password: false, user_metadata: { username: null, display_name: null } });
    const updates = answer('put', '/auth/user', { ...guest, email: 'fan@example.com' });
    await renderProfile(guest);
    const upgrade = screen.getByRole('region', { name: 'Załóż pełne konto' });
    expect(screen.queryByRole('region', { name: 'Bezpieczeństwo' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Konto' })).toHaveTextContent('Gość');
    await user.type(within(upgrade).getByLabelText('Email'), 'fan@example.com');
    await user.type(within(upgrade).getByLabelText('Hasło'), 'riff-raff');
    await user.type(within(upgrade).getByLabelText('Potwierdź hasło'), 'riff-raff');
    await user.click(within(upgrade).getByRole('button', { name: 'Załóż konto' }));
    expect(await within(upgrade).findByText(/Sprawdź skrzynkę fan@example.com/)).toBeInTheDocument();
    expect(updates.map((update) => update.body)).toEqual([{ email: 'fan@example.com', password: 'riff-raff' }]);

    await user.click(within(upgrade).getByRole('button', { name: 'Zaloguj się na swoje konto' }));
    expect(await screen.findByRole('dialog', { name: 'Zaloguj się' })).toBeInTheDocument();
  });

  it('shows the plan with a link to the plans, and a subscriber the way to Stripe\'s portal', async () => {
    await renderProfile(userDto());
    const panel = screen.getByRole('region', { name: 'Subskrypcja' });
    expect(await within(panel).findByText('Twój plan: Basic')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Zobacz plany' })).toHaveAttribute('href', '/subscription');
  });

  it('opens the portal for a subscriber, and says so when it cannot', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const portals = answer('post', '/billing/portal', apiError(502, { code: 'portal_failed' }));
    await renderProfile(userDto(), {
      ...basicPlan,
      plan: 'premium',
      source: 'subscription',
      subscription: { plan: 'premium', entitles: true, cancelAtPeriodEnd: true, currentPeriodEnd: '2026-12-24T12:00:00.000Z', trialEnd: null },
      trialAvailable: false,
    });
    const panel = screen.getByRole('region', { name: 'Subskrypcja' });
    expect(await within(panel).findByText('Twój plan: Premium')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Zarządzaj subskrypcją' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Nie udało się otworzyć portalu płatności.');
    expect(portals).toHaveLength(1);
  });
});
