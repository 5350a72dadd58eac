import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { apiError, answer, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderApp } from '../../../testing/render-app';
import { Header } from '../../shell/components/header';
import { SessionManager } from '../session-manager';

setupApiServer();

async function signedIn(user = userDto()) {
  const auth = new SessionManager({ arrivedThroughRedirect: () => false });
  await auth.initialize();
  answer('post', '/auth/token', sessionDto(900, user));
  await auth.signInWithPassword('fan@example.com', 'riff-raff');
  return auth;
}

async function toast(text: string) {
  // The toast region loads with the first toast.
  return within(await screen.findByRole('region', { name: /^Powiadomienia/ })).findByText(text);
}

beforeEach(() => localStorage.clear());

describe('the header account corner', () => {
  it('shows a spinner while the session is being restored', async () => {
    localStorage.setItem('grouarock.session', 'active');
    let restore: () => void = () => undefined;
    const restored = new Promise<void>((resolve) => (restore = resolve));
    answer('post', '/auth/token', async () => {
      await restored;
      return HttpResponse.json(sessionDto(900, userDto()));
    });
    renderApp(<Header />, '/', { auth: new SessionManager({ arrivedThroughRedirect: () => false }) });
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Ładowanie sesji…')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Zaloguj się' })).not.toBeInTheDocument();
    restore();
    expect(await screen.findByRole('button', { name: 'Punk Rocker' })).toBeInTheDocument();
  });

  it('signed in: a keyboard-operable menu with "Zalogowany jako", the email, Profil and logout', async () => {
    const user = userEvent.setup();
    const logouts = answer('post', '/auth/logout', new HttpResponse(null, { status: 204 }));
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
    expect(logouts).toEqual([expect.objectContaining({ method: 'POST', url: '/api/v1/auth/logout?scope=local', authorization: expect.stringMatching(/^Bearer access-/) })]);
    expect(screen.getAllByRole('link', { name: 'Zaloguj się' })[0]).toBeInTheDocument();
  });

  it.each([
    ['no answer', 'Błąd podczas wylogowania', () => HttpResponse.error()],
    ['a server error', 'Błąd podczas wylogowania', () => apiError(500)],
    // Not our API's answer at all: the client cannot read it.
    ['an unreadable answer', 'Wystąpił nieoczekiwany błąd podczas wylogowania', () => new HttpResponse('{oops', { status: 200, headers: { 'Content-Type': 'application/json' } })],
  ])('a failed logout (%s) says "%s" and stays signed in', async (_case, text, failure) => {
    const user = userEvent.setup();
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer('post', '/auth/logout', failure);
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
    answer('post', '/auth/logout', new HttpResponse(null, { status: 204 }));
    renderApp(<Header />, '/', { auth: await signedIn() });
    await user.click(screen.getByRole('button', { name: 'Otwórz menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveTextContent('Zalogowany jakofan@example.com');
    await user.click(within(drawer).getByRole('button', { name: 'Wyloguj się' }));
    expect(await toast('Wylogowano pomyślnie')).toBeInTheDocument();
  });
});
