import {
  getProviders,
  reauthenticate,
  sendReauthenticationCode,
  startPasskeyAuthentication,
  getUser,
  logout,
  recoverPassword,
  resendConfirmation,
  resetPassword,
  signInAnonymously,
  signUp,
  token,
  updateUser,
  type ProvidersDto,
  type ReauthenticateDto,
  type WebAuthnCeremonyDto,
  type SessionDto,
  type SignUpResultDto,
  type UpdateUserDto,
  type UserDto,
} from '@grouarock/api-client';

export type AuthUser = UserDto;
export type AuthProviders = ProvidersDto;
export type UpdateUserInput = UpdateUserDto;
/** One proof that the person is the account's owner: exactly one of password, code, passkey, email_code. */
export type ReauthenticationProof = ReauthenticateDto;
/** A passkey ceremony's options for the browser, and the id to send its answer back with. */
export type PasskeyCeremony = WebAuthnCeremonyDto;
/** What the browser's passkey answered, as JSON (AuthenticationResponseJSON). */
export type PasskeyCredential = Record<string, unknown>;
export type { SessionDto, SignUpResultDto };
export { authorizeUrl, type OAuthProvider } from './authorize-url';

/** Runs a generated-client call; a failure rejects with the ApiError the client's interceptor made (lib/api.ts). */
async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  return (await request()).data;
}

/** The auth endpoints of our API, through the generated client only. */
export const authApi = {
  signUp: (email: string, password: string, username?: string) =>
    call<SignUpResultDto>(() =>
      signUp({
        body: { email, password, ...(username ? { data: { username, display_name: username } } : {}) },
        throwOnError: true,
      }),
    ),
  signInWithPassword: (email: string, password: string) =>
    call<SessionDto>(() => token({ query: { grant_type: 'password' }, body: { email, password }, throwOnError: true })),
  /** The second step of a sign-in that answered mfa_required: a code of the authenticator app, or a recovery code. */
  signInWithSecondFactor: (mfaToken: string, code: string) =>
    call<SessionDto>(() => token({ query: { grant_type: 'mfa' }, body: { mfa_token: mfaToken, code }, throwOnError: true })),
  signInWithPasskey: (challengeId: string, credential: PasskeyCredential) =>
    call<SessionDto>(() => token({ query: { grant_type: 'passkey' }, body: { challenge_id: challengeId, credential }, throwOnError: true })),
  /** Signed out: any passkey of the site; signed in: only the account's own (to confirm it is you). */
  passkeyOptions: () => call<PasskeyCeremony>(() => startPasskeyAuthentication({ throwOnError: true })),
  reauthenticate: (proof: ReauthenticationProof) => call<SessionDto>(() => reauthenticate({ body: proof, throwOnError: true })),
  sendReauthenticationCode: () => call<unknown>(() => sendReauthenticationCode({ throwOnError: true })),
  /** The browser sends the httpOnly refresh cookie; the answer rotates it. */
  refresh: () => call<SessionDto>(() => token({ query: { grant_type: 'refresh_token' }, body: {}, throwOnError: true })),
  signInAnonymously: () => call<SessionDto>(() => signInAnonymously({ throwOnError: true })),
  logout: (scope: 'local' | 'global') => call<unknown>(() => logout({ query: { scope }, throwOnError: true })),
  getUser: () => call<UserDto>(() => getUser({ throwOnError: true })),
  updateUser: (body: UpdateUserDto) => call<UserDto>(() => updateUser({ body, throwOnError: true })),
  resendConfirmation: (email: string) => call<unknown>(() => resendConfirmation({ body: { email }, throwOnError: true })),
  recoverPassword: (email: string) => call<unknown>(() => recoverPassword({ body: { email }, throwOnError: true })),
  resetPassword: (resetToken: string, password: string) =>
    call<SessionDto>(() => resetPassword({ body: { token: resetToken, password }, throwOnError: true })),
  getProviders: () => call<ProvidersDto>(() => getProviders({ throwOnError: true })),
};
