import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { Header } from '../../shell/components/header';

describe('LanguageSwitcher in the header', () => {
  beforeEach(() => localStorage.clear());

  it('starts in Polish and switches the texts, <html lang> and the remembered choice', async () => {
    renderApp(<Header />);
    expect(screen.getAllByRole('link', { name: 'Zaloguj się' })[0]).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pl');

    await userEvent.click(screen.getAllByRole('button', { name: 'EN' })[0]);
    expect((await screen.findAllByRole('link', { name: 'Sign in' }))[0]).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('grouarock.locale')).toBe('"en"');
    expect(screen.getAllByRole('button', { name: 'EN' })[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('starts in the remembered language and ignores a corrupted value', async () => {
    localStorage.setItem('grouarock.locale', '"nl"');
    const { unmount } = renderApp(<Header />);
    // Dutch is loaded on demand (the app preloads it before its first render; this test renders directly).
    expect((await screen.findAllByRole('link', { name: 'Inloggen' }))[0]).toBeInTheDocument();
    unmount();

    localStorage.setItem('grouarock.locale', '"klingon"');
    renderApp(<Header />);
    expect(screen.getAllByRole('link', { name: 'Zaloguj się' })[0]).toBeInTheDocument();
  });
});
