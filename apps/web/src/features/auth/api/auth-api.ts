import {
  getProviders,
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
  type SessionDto,
  type SignUpResultDto,
  type UpdateUserDto,
  type UserDto,
} from '@grouarock/api-client';

export type AuthUser = UserDto;
export type AuthProviders = ProvidersDto;
export type UpdateUserInput = UpdateUserDto;
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
