import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as client from '@grouarock/api-client';
import { httpError, networkError, ok, rejects, sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderApp } from '../../../testing/render-app';
import { Header } from '../../shell/components/header';
import { SessionManager } from '../session-manager';

jest.mock('@grouarock/api-client', () => ({ token: jest.fn(), logout: jest.fn() }));

const api = jest.mocked(client);

async function signedIn(user = userDto()) {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  api.token.mockImplementationOnce(() => ok(sessionDto(900, user)) as never);
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  return auth;
}

async function toast(text: string) {
  // The toast region loads with the first toast.
  return within(await screen.findByRole('region', { name: /^Powiadomienia/ })).findByText(text);
}

beforeEach(() => localStorage.clear());

describe('the header account corner', () => {
  it('shows a spinner while the session is being restored', () => {
    localStorage.setItem('grouarock.session', 'active');
    api.token.mockImplementation(() => new Promise(() => undefined) as never);
    renderApp(<Header />, '/', { auth: new SessionManager({ arrivedThroughRedirect: () => false }) });
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Ładowanie sesji…')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Zaloguj się' })).not.toBeInTheDocument();
  });

  it('signed in: a keyboard-operable menu with "Zalogowany jako", the email, Profil and logout', async () => {
    const user = userEvent.setup();
    api.logout.mockImplementationOnce(() => ok(undefined) as never);
    renderApp(<Header />, '/', { auth: await signedIn() });

    const trigger = await screen.findByRole('button', { name: 'Punk Rocker' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Menu konta' });
    expect(menu).toHaveTextContent('Zalogowany jako');
    expect(menu).toHaveTextContent('fan@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Profil' })).toHaveAttribute('href', '/profile');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(await toast('Wylogowano pomyślnie')).toBeInTheDocument();
    expect(api.logout).toHaveBeenCalledWith({ query: { scope: 'local' }, throwOnError: true });
    expect(screen.getAllByRole('link', { name: 'Zaloguj się' })[0]).toBeInTheDocument();
  });

  it.each([
    [networkError(), 'Błąd podczas wylogowania'],
    [httpError(500), 'Błąd podczas wylogowania'],
    [new Error('bug'), 'Wystąpił nieoczekiwany błąd podczas wylogowania'],
  ])('a failed logout (%s) says "%s" and stays signed in', async (error, text) => {
    const user = userEvent.setup();
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.logout.mockImplementationOnce(() => rejects(error));
    renderApp(<Header />, '/', { auth: await signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Punk Rocker' }));
    await user.click(screen.getByRole('menuitem', { name: 'Wyloguj się' }));
    expect(await toast(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Punk Rocker' })).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('a guest (anonymous session) is called "Gość"', async () => {
    const user = userEvent.setup();
    renderApp(<Header />, '/', { auth: await signedIn(userDto({ is_anonymous: true, email: null, user_metadata: { username: null, display_name: null } })) });
    await user.click(screen.getByRole('button', { name: 'Gość' }));
    expect(screen.getByRole('menu')).toHaveTextContent('Zalogowany jakoGość');
  });

  it('the mobile drawer shows the signed-in email and logs out', async () => {
    const user = userEvent.setup();
    api.logout.mockImplementationOnce(() => ok(undefined) as never);
    renderApp(<Header />, '/', { auth: await signedIn() });
    await user.click(screen.getByRole('button', { name: 'Otwórz menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveTextContent('Zalogowany jakofan@example.com');
    await user.click(within(drawer).getByRole('button', { name: 'Wyloguj się' }));
    expect(await toast('Wylogowano pomyślnie')).toBeInTheDocument();
  });
});
