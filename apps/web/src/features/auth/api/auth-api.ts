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
import { isAxiosError } from 'axios';

export type AuthUser = UserDto;
export type AuthProviders = ProvidersDto;
export type OAuthProvider = keyof ProvidersDto;
export type UpdateUserInput = UpdateUserDto;
export type { SessionDto, SignUpResultDto };

/**
 * An answer of the auth API that was not a success, or no answer at all. `status` 0 means the request never got
 * an HTTP response (offline, timeout, server down); `code` is the server's machine-readable reason when it gives one.
 */
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
    readonly fields?: readonly string[],
  ) {
    super(message);
    this.name = 'AuthApiError';
  }

  /** Worth trying again later: nothing came back, or the server failed. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

interface ErrorBody {
  message?: string | string[];
  code?: string;
  fields?: string[];
}

function retryAfter(value: unknown): number | undefined {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** An AuthApiError for an axios failure; anything else (a bug) is passed through untouched. */
export function toAuthApiError(error: unknown): unknown {
  if (error instanceof AuthApiError || !isAxiosError(error)) return error;
  const response = error.response;
  if (!response) return new AuthApiError(0, error.message);
  const body = (response.data ?? {}) as ErrorBody;
  const message = Array.isArray(body.message) ? body.message.join('. ') : (body.message ?? error.message);
  return new AuthApiError(response.status, message, body.code, retryAfter(response.headers['retry-after']), body.fields);
}

/** Runs a generated-client call and turns its failure into an AuthApiError. */
async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    throw toAuthApiError(error);
  }
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

/** Where the browser goes to sign in with a provider: a navigation, not an XHR. */
export function authorizeUrl(provider: OAuthProvider, redirectTo = '/'): string {
  const query = new URLSearchParams({ provider, redirect_to: redirectTo });
  return `/api/v1/auth/authorize?${query.toString()}`;
}
