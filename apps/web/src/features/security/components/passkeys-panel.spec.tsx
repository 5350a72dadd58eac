import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { answer, apiError, apiServer, apiUrl, http, HttpResponse, type Received } from '../../../testing/api-server';
import { setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { PasskeysPanel } from './passkeys-panel';

jest.mock('@simplewebauthn/browser', () => {
  class WebAuthnError extends Error {
    constructor(
      readonly code: string,
      name: string,
    ) {
      super(code);
      this.name = name;
    }
  }
  return { browserSupportsWebAuthn: jest.fn(), startRegistration: jest.fn(), WebAuthnError };
});

const { WebAuthnError } = jest.requireMock<{ WebAuthnError: new (code: string, name: string) => Error }>('@simplewebauthn/browser');
const supports = browserSupportsWebAuthn as jest.Mock;
const register = startRegistration as jest.Mock;

setupApiServer();

const macbook = {
  id: 'pk-1',
  name: 'MacBook',
  backed_up: true,
  device_type: 'multiDevice',
  transports: ['internal', 'hybrid'],
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: '2026-12-01T18:30:00.000Z',
};
const yubikey = { ...macbook, id: 'pk-2', name: 'YubiKey', backed_up: false, device_type: 'singleDevice', transports: ['usb'], last_used_at: null };
const options = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'GrouaRock' } };
const credential = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { attestationObject: 'o', clientDataJSON: 'c' } };

/** PATCH /auth/passkeys/:id answered with `answers` in turn (the shared helper has no PATCH). */
function answerPatch(...answers: Response[]): Received[] {
  const received: Received[] = [];
  apiServer.use(
    http.patch(apiUrl('/auth/passkeys/:id'), async ({ request }) => {
      received.push({ method: 'PATCH', url: new URL(request.url).pathname, authorization: null, body: await request.json() });
      return answers[Math.min(received.length, answers.length) - 1];
    }),
  );
  return received;
}

beforeEach(() => {
  supports.mockReturnValue(true);
  register.mockReset();
});

describe('PasskeysPanel', () => {
  it('says what a passkey is and lists them: name, added, last used, synced', async () => {
    answer('get', '/auth/passkeys', { passkeys: [macbook, yubikey] });
    renderApp(<PasskeysPanel userId="u1" />);
    expect(screen.getByText(/Klucz dostępu to logowanie bez hasła/)).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Twoje klucze dostępu' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^MacBook Synchronizowanydodany 20 lis 2026, \d\d:\d\d · ostatnio użyty 1 gru 2026, \d\d:\d\d/),
      expect.stringMatching(/^YubiKeydodany 20 lis 2026, \d\d:\d\d · jeszcze nieużyty/),
    ]);
  });

  it('adds a passkey under the name given: the browser makes it from the server’s options, the server keeps it', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/passkeys', { passkeys: [] }, { passkeys: [macbook] });
    const started = answer('post', '/auth/passkeys/registration', { challenge_id: 'ch-1', options });
    const saved = answer('post', '/auth/passkeys', HttpResponse.json(macbook, { status: 201 }));
    register.mockResolvedValue(credential);
    renderApp(<PasskeysPanel userId="u1" />);
    expect(await screen.findByText('Nie masz jeszcze żadnego klucza dostępu.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nazwa nowego klucza (opcjonalnie)'), ' MacBook ');
    await user.click(screen.getByRole('button', { name: 'Dodaj klucz dostępu' }));
    expect(await screen.findByText('Dodano klucz dostępu „MacBook”', { selector: 'li *' })).toBeInTheDocument();
    expect(started).toHaveLength(1);
    expect(register).toHaveBeenCalledWith({ optionsJSON: options });
    expect(saved.map((request) => request.body)).toEqual([{ challenge_id: 'ch-1', credential, name: 'MacBook' }]);
    expect(await screen.findByRole('list', { name: 'Twoje klucze dostępu' })).toHaveTextContent('MacBook');
    expect(screen.getByLabelText('Nazwa nowego klucza (opcjonalnie)')).toHaveValue('');
  });

  it('leaves the name to the server when none is given', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/passkeys', { passkeys: [] });
    answer('post', '/auth/passkeys/registration', { challenge_id: 'ch-1', options });
    const saved = answer('post', '/auth/passkeys', HttpResponse.json({ ...macbook, name: 'Chrome na macOS' }, { status: 201 }));
    register.mockResolvedValue(credential);
    renderApp(<PasskeysPanel userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Dodaj klucz dostępu' }));
    expect(await screen.findByText('Dodano klucz dostępu „Chrome na macOS”', { selector: 'li *' })).toBeInTheDocument();
    expect(saved[0].body).toEqual({ challenge_id: 'ch-1', credential });
  });

  it('a closed browser prompt is no error: nothing is sent and nothing is said', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/passkeys', { passkeys: [] });
    answer('post', '/auth/passkeys/registration', { challenge_id: 'ch-1', options });
    const saved = answer('post', '/auth/passkeys', HttpResponse.json(macbook, { status: 201 }));
    register.mockRejectedValue(new WebAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'));
    renderApp(<PasskeysPanel userId="u1" />);
    const add = await screen.findByRole('button', { name: 'Dodaj klucz dostępu' });
    await user.click(add);
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(add).not.toHaveAttribute('aria-busy', 'true'));
    expect(saved).toEqual([]);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('says so when this device already holds one, or the server refuses it', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/passkeys', { passkeys: [macbook] });
    answer('post', '/auth/passkeys/registration', { challenge_id: 'ch-1', options });
    answer('post', '/auth/passkeys', apiError(409, { code: 'too_many_passkeys' }));
    register.mockRejectedValueOnce(new WebAuthnError('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError')).mockResolvedValue(credential);
    renderApp(<PasskeysPanel userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Dodaj klucz dostępu' }));
    expect(await screen.findByText('Ten klucz dostępu jest już dodany do Twojego konta.', { selector: 'li *' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dodaj klucz dostępu' }));
    expect(await screen.findByText(/Masz już najwięcej kluczy dostępu/, { selector: 'li *' })).toBeInTheDocument();
  });

  it('renames a passkey in place; an empty name is refused at the field, Escape gives up', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/passkeys', { passkeys: [macbook] }, { passkeys: [{ ...macbook, name: 'Laptop' }] });
    const renames = answerPatch(HttpResponse.json({ ...macbook, name: 'Laptop' }));
    renderApp(<PasskeysPanel userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Zmień nazwę klucza MacBook' }));
    const field = screen.getByLabelText('Nazwa klucza');
    expect(field).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Nazwa klucza')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zmień nazwę klucza MacBook' }));
    await user.clear(screen.getByLabelText('Nazwa klucza'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(screen.getByLabelText('Nazwa klucza')).toHaveAccessibleDescription('Podaj nazwę klucza');
    await user.type(screen.getByLabelText('Nazwa klucza'), 'Laptop{Enter}');
    expect(await screen.findByText('Zmieniono nazwę klucza na „Laptop”', { selector: 'li *' })).toBeInTheDocument();
    expect(renames).toEqual([{ method: 'PATCH', url: '/api/v1/auth/passkeys/pk-1', authorization: null, body: { name: 'Laptop' } }]);
    expect(await within(screen.getByRole('list', { name: 'Twoje klucze dostępu' })).findByText('Laptop')).toBeInTheDocument();
  });

  it('removes a passkey only after a confirmation', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/passkeys', { passkeys: [macbook, yubikey] }, { passkeys: [yubikey] });
    const removed = answer('delete', '/auth/passkeys/:id', new HttpResponse(null, { status: 204 }));
    renderApp(<PasskeysPanel userId="u1" />);
    await user.click(await screen.findByRole('button', { name: 'Usuń klucz MacBook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć klucz „MacBook”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(removed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Usuń klucz MacBook' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Tak, usuń' }));
    expect(await screen.findByText('Usunięto klucz dostępu „MacBook”', { selector: 'li *' })).toBeInTheDocument();
    expect(removed.map((request) => request.url)).toEqual(['/api/v1/auth/passkeys/pk-1']);
    await waitFor(() => expect(screen.queryByText('MacBook', { selector: 'strong' })).not.toBeInTheDocument());
  });

  it('says a browser without WebAuthn cannot add one, and still lists them', async () => {
    supports.mockReturnValue(false);
    answer('get', '/auth/passkeys', { passkeys: [yubikey] });
    renderApp(<PasskeysPanel userId="u1" />);
    expect(await screen.findByText(/Ta przeglądarka nie obsługuje kluczy dostępu/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dodaj klucz dostępu' })).not.toBeInTheDocument();
    expect(await screen.findByText('YubiKey')).toBeInTheDocument();
  });

  it('offers to retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    answer('get', '/auth/passkeys', apiError(503), { passkeys: [macbook] });
    renderApp(<PasskeysPanel userId="u1" />);
    expect(await screen.findByText('Nie udało się wczytać kluczy dostępu.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('MacBook')).toBeInTheDocument();
  });
});
