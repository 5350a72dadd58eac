import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, answer, setupApiServer } from '../../../testing/api-server';
import { sessionDto, userDto } from '../../../testing/auth-fixtures';
import { renderApp } from '../../../testing/render-app';
import { useAuthDialog } from '../atoms';
import { AuthDialogHost } from './auth-dialog-host';

setupApiServer();

/** A page that opens the app's dialog, as the radio page or checkout will. */
function Opener() {
  const dialog = useAuthDialog();
  return (
    <>
      <button type="button" onClick={() => dialog.open('login')}>
        otwórz logowanie
      </button>
      <button type="button" onClick={() => dialog.open('register')}>
        otwórz rejestrację
      </button>
      <AuthDialogHost />
    </>
  );
}

async function openDialog(mode: 'logowanie' | 'rejestrację') {
  const user = userEvent.setup();
  renderApp(<Opener />);
  await user.click(screen.getByRole('button', { name: `otwórz ${mode}` }));
  return { user, dialog: await screen.findByRole('dialog') };
}

beforeEach(() => localStorage.clear());

describe('AuthDialog', () => {
  it('opens in login mode titled "Zaloguj się" and toggles to register mode and back', async () => {
    const { user, dialog } = await openDialog('logowanie');
    expect(dialog).toHaveAccessibleName('Zaloguj się');
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).queryByLabelText('Nazwa użytkownika')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Nie masz konta? Zarejestruj się' }));
    expect(dialog).toHaveAccessibleName('Dołącz do GrouaRock');
    expect(within(dialog).getByLabelText('Nazwa użytkownika')).toBeRequired();
    expect(within(dialog).getByLabelText('Potwierdź hasło')).toHaveAttribute('minlength', '6');
    expect(within(dialog).getByRole('button', { name: 'Utwórz konto' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Masz już konto? Zaloguj się' }));
    expect(dialog).toHaveAccessibleName('Zaloguj się');
  });

  it('has required fields, an email field and 6-character passwords', async () => {
    const { dialog } = await openDialog('rejestrację');
    for (const label of ['Nazwa użytkownika', 'Email', 'Hasło', 'Potwierdź hasło']) {
      expect(within(dialog).getByLabelText(label)).toBeRequired();
    }
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Hasło')).toHaveAttribute('minlength', '6');
  });

  it('while busy disables every field and the toggle; on success closes and forgets the values', async () => {
    let respond!: () => void;
    const answered = new Promise<void>((resolve) => (respond = resolve));
    answer('post', '/auth/token', async () => (await answered, Response.json(sessionDto())));
    const { user, dialog } = await openDialog('logowanie');
    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.type(within(dialog).getByLabelText('Hasło'), 'riff-raff');
    await user.click(within(dialog).getByRole('button', { name: 'Zaloguj się' }));

    expect(within(dialog).getByLabelText('Email')).toBeDisabled();
    expect(within(dialog).getByLabelText('Hasło')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Nie masz konta? Zarejestruj się' })).toBeDisabled();
    const submit = within(dialog).getByRole('button', { name: 'Przetwarzanie...' });
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit).toHaveAttribute('aria-disabled', 'true');

    respond();

    expect(await screen.findByText('Witaj w GrouaRock!', { selector: 'li *' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'otwórz logowanie' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Email')).toHaveValue('');
    expect(within(screen.getByRole('dialog')).getByLabelText('Hasło')).toHaveValue('');
  });

  it('on failure stays open with the values kept and says why inside the dialog', async () => {
    answer('post', '/auth/token', () => apiError(400, { code: 'invalid_credentials' }));
    const { user, dialog } = await openDialog('logowanie');
    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.type(within(dialog).getByLabelText('Hasło'), 'wrong-riff');
    await user.click(within(dialog).getByRole('button', { name: 'Zaloguj się' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Nieprawidłowy email lub hasło');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Email')).toHaveValue('fan@example.com');
    expect(within(dialog).getByLabelText('Hasło')).toHaveValue('wrong-riff');
    expect(within(dialog).getByLabelText('Email')).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Zaloguj się' })).not.toHaveAttribute('aria-busy');
  });

  it('register: "Hasła nie są identyczne!" inline, tied to the field, and no call', async () => {
    const signUps = answer('post', '/auth/signup', { user: userDto(), confirmation_sent: true });
    const { user, dialog } = await openDialog('rejestrację');
    await user.type(within(dialog).getByLabelText('Nazwa użytkownika'), 'punkrocker');
    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.type(within(dialog).getByLabelText('Hasło'), 'riff-raff');
    await user.type(within(dialog).getByLabelText('Potwierdź hasło'), 'riff-rafff');
    await user.click(within(dialog).getByRole('button', { name: 'Utwórz konto' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Hasła nie są identyczne!');
    expect(within(dialog).getByLabelText('Potwierdź hasło')).toHaveAccessibleDescription('Hasła nie są identyczne!');
    expect(within(dialog).getByLabelText('Potwierdź hasło')).toHaveAttribute('aria-invalid', 'true');
    expect(signUps).toEqual([]);
  });

  it('register: a short password gets "Hasło musi mieć co najmniej 6 znaków" and no call', async () => {
    const signUps = answer('post', '/auth/signup', { user: userDto(), confirmation_sent: true });
    const { user, dialog } = await openDialog('rejestrację');
    await user.type(within(dialog).getByLabelText('Nazwa użytkownika'), 'punkrocker');
    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.type(within(dialog).getByLabelText('Hasło'), 'riff');
    await user.type(within(dialog).getByLabelText('Potwierdź hasło'), 'riff');
    // jsdom does not enforce minlength on submit; a browser stops here by itself, the dialog checks anyway.
    await user.click(within(dialog).getByRole('button', { name: 'Utwórz konto' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Hasło musi mieć co najmniej 6 znaków');
    expect(signUps).toEqual([]);
  });

  it('register: creates the account, says to check the mail and closes cleared', async () => {
    const signUps = answer('post', '/auth/signup', { user: userDto(), confirmation_sent: true });
    const { user, dialog } = await openDialog('rejestrację');
    await user.type(within(dialog).getByLabelText('Nazwa użytkownika'), 'punkrocker');
    await user.type(within(dialog).getByLabelText('Email'), 'fan@example.com');
    await user.type(within(dialog).getByLabelText('Hasło'), 'riff-raff');
    await user.type(within(dialog).getByLabelText('Potwierdź hasło'), 'riff-raff');
    await user.click(within(dialog).getByRole('button', { name: 'Utwórz konto' }));

    expect(await screen.findByText('Konto zostało utworzone! Sprawdź email aby aktywować konto.', { selector: 'li *' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signUps.map((signUp) => signUp.body)).toEqual([
      { email: 'fan@example.com', password: 'riff-raff', data: { username: 'punkrocker', display_name: 'punkrocker' } },
    ]);
  });
});
