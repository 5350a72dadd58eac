import { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, answer, setupApiServer } from '../../../testing/api-server';
import { sessionDto } from '../../../testing/auth-fixtures';
import { renderRoutes } from '../../../testing/render-app';
import { SessionManager } from '../session-manager';
import { AuthPage } from './auth-page';

// The browser's side of a passkey (navigator.credentials, which jsdom has not) is @simplewebauthn/browser's.
jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: jest.fn(),
  browserSupportsWebAuthnAutofill: jest.fn(),
  WebAuthnAbortService: { cancelCeremony: jest.fn() },
}));

const start = jest.mocked(startAuthentication);
const autofillSupported = jest.mocked(browserSupportsWebAuthnAutofill);
const cancelCeremony = jest.mocked(WebAuthnAbortService.cancelCeremony);

setupApiServer();

const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required', allowCredentials: [] };
const credential = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { authenticatorData: 'a', clientDataJSON: 'c', signature: 's' }, clientExtensionResults: {} };

/** What the browser throws when its prompt is closed (or another ceremony took over). */
function browserError(name: string) {
  return Object.assign(new Error(`the browser said ${name}`), { name });
}

function renderAuthPage() {
  return renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/', element: <p>strona główna</p> },
    ],
    '/auth',
    { auth: new SessionManager({ arrivedThroughRedirect: () => false }) },
  );
}

const originalCredential = window.PublicKeyCredential;

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true, writable: true });
  autofillSupported.mockResolvedValue(false);
  answer('get', '/auth/providers', { google: false, facebook: false, github: false });
});

afterEach(() => {
  Object.defineProperty(window, 'PublicKeyCredential', { value: originalCredential, configurable: true, writable: true });
});

describe('/auth: signing in with a passkey', () => {
  it('"Zaloguj się kluczem dostępu": the server\'s options, the browser\'s prompt, then grant_type=passkey', async () => {
    const user = userEvent.setup();
    const ceremonies = answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options });
    const tokens = answer('post', '/auth/token', sessionDto());
    start.mockResolvedValue(credential as never);
    renderAuthPage();

    await user.click(await screen.findByRole('button', { name: 'Zaloguj się kluczem dostępu' }));

    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(ceremonies).toEqual([expect.objectContaining({ authorization: null })]);
    expect(start).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: false });
    expect(tokens).toEqual([expect.objectContaining({ url: '/api/v1/auth/token?grant_type=passkey', body: { challenge_id: 'challenge-1', credential } })]);
  });

  it('a closed prompt is no error: no message, the button is there again', async () => {
    const user = userEvent.setup();
    answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options });
    const tokens = answer('post', '/auth/token', sessionDto());
    start.mockRejectedValue(browserError('NotAllowedError'));
    renderAuthPage();

    const button = await screen.findByRole('button', { name: 'Zaloguj się kluczem dostępu' });
    await user.click(button);

    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tokens).toEqual([]);
  });

  it('a passkey the server refuses is said, and the button tries again', async () => {
    const user = userEvent.setup();
    answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options }, { challenge_id: 'challenge-2', options });
    const tokens = answer('post', '/auth/token', () => apiError(400, { code: 'invalid_passkey' }), sessionDto());
    start.mockResolvedValue(credential as never);
    renderAuthPage();

    const button = await screen.findByRole('button', { name: 'Zaloguj się kluczem dostępu' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ten klucz dostępu nie został przyjęty. Spróbuj ponownie albo zaloguj się inaczej.');
    expect(button).toHaveAccessibleDescription(/Ten klucz dostępu nie został przyjęty/);

    await user.click(button);
    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(tokens.map((call) => (call.body as { challenge_id: string }).challenge_id)).toEqual(['challenge-1', 'challenge-2']);
  });

  it('a failure of the browser itself gets the general passkey message', async () => {
    const user = userEvent.setup();
    answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options });
    start.mockRejectedValue(browserError('SecurityError'));
    renderAuthPage();

    await user.click(await screen.findByRole('button', { name: 'Zaloguj się kluczem dostępu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się użyć klucza dostępu. Spróbuj ponownie albo zaloguj się inaczej.');
  });

  it('a browser without passkeys gets no button', () => {
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true, writable: true });
    renderAuthPage();
    expect(screen.getByRole('form', { name: 'Logowanie' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zaloguj się kluczem dostępu' })).not.toBeInTheDocument();
  });
});

describe('/auth: passkeys among the email field\'s suggestions (conditional UI)', () => {
  it('the email field asks for them, and a pick signs in', async () => {
    autofillSupported.mockResolvedValue(true);
    const ceremonies = answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options });
    const tokens = answer('post', '/auth/token', sessionDto());
    let pick!: (value: unknown) => void;
    start.mockImplementation(() => new Promise((resolve) => (pick = resolve)) as never);
    renderAuthPage();

    expect(within(screen.getByRole('form', { name: 'Logowanie' })).getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    await waitFor(() => expect(start).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: true }));
    expect(ceremonies).toHaveLength(1);

    pick(credential);
    expect(await screen.findByText('strona główna')).toBeInTheDocument();
    expect(tokens).toEqual([expect.objectContaining({ url: '/api/v1/auth/token?grant_type=passkey', body: { challenge_id: 'challenge-1', credential } })]);
  });

  it('leaving the page cancels the pending request', async () => {
    autofillSupported.mockResolvedValue(true);
    answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options });
    start.mockImplementation(() => new Promise(() => undefined) as never);
    const { unmount } = renderAuthPage();
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));

    unmount();
    expect(cancelCeremony).toHaveBeenCalled();
  });

  it('a browser without autofill for passkeys starts nothing', async () => {
    const requests = answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options });
    renderAuthPage();
    await waitFor(() => expect(autofillSupported).toHaveBeenCalled());
    expect(start).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });

  it('the passkey button takes over from the pending request, which starts again once the prompt is closed', async () => {
    const user = userEvent.setup();
    autofillSupported.mockResolvedValue(true);
    const ceremonies = answer('post', '/auth/passkeys/authentication', { challenge_id: 'challenge-1', options });
    const pending: { reject: (error: Error) => void; autofill: boolean }[] = [];
    start.mockImplementation(({ useBrowserAutofill }) => {
      // As the library does: a new ceremony ends the one before with an AbortError.
      pending.at(-1)?.reject(browserError('AbortError'));
      return new Promise((_, reject) => pending.push({ reject, autofill: Boolean(useBrowserAutofill) })) as never;
    });
    renderAuthPage();
    await waitFor(() => expect(pending).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending.map((ceremony) => ceremony.autofill)).toEqual([true, false]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    pending[1].reject(browserError('NotAllowedError'));
    await waitFor(() => expect(pending).toHaveLength(3));
    expect(pending[2].autofill).toBe(true);
    expect(ceremonies).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
