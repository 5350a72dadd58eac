// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "auth".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { AuthorizeData, AuthorizeErrors, GetProvidersData, GetProvidersResponses, GetUserData, GetUserErrors, GetUserResponses, LogoutData, LogoutErrors, LogoutResponses, OauthCallbackData, RecoverPasswordData, RecoverPasswordErrors, RecoverPasswordResponses, ResendConfirmationData, ResendConfirmationErrors, ResendConfirmationResponses, ResetPasswordData, ResetPasswordErrors, ResetPasswordResponses, SignInAnonymouslyData, SignInAnonymouslyErrors, SignInAnonymouslyResponses, SignUpData, SignUpErrors, SignUpResponses, TokenData, TokenErrors, TokenResponses, UpdateUserData, UpdateUserErrors, UpdateUserResponses, VerifyEmailData } from '../types.gen';

/**
 * Create an account; a confirmation link is mailed
 */
export const signUp = <ThrowOnError extends boolean = false>(options: Options<SignUpData, ThrowOnError>) => (options.client ?? client).post<SignUpResponses, SignUpErrors, ThrowOnError>({
    url: '/api/v1/auth/signup',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Sign in with email and password (then, with an authenticator app on, grant_type=mfa with its code), or with a passkey (grant_type=passkey), or trade the refresh token (cookie) for a new session token
 */
export const token = <ThrowOnError extends boolean = false>(options: Options<TokenData, ThrowOnError>) => (options.client ?? client).post<TokenResponses, TokenErrors, ThrowOnError>({
    url: '/api/v1/auth/token',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Start a session for a new anonymous user
 */
export const signInAnonymously = <ThrowOnError extends boolean = false>(options?: Options<SignInAnonymouslyData, ThrowOnError>) => (options?.client ?? client).post<SignInAnonymouslyResponses, SignInAnonymouslyErrors, ThrowOnError>({ url: '/api/v1/auth/anonymous', ...options });

/**
 * The link from the confirmation mail: confirms, signs in, goes to the site
 */
export const verifyEmail = <ThrowOnError extends boolean = false>(options: Options<VerifyEmailData, ThrowOnError>) => (options.client ?? client).get<unknown, unknown, ThrowOnError>({ url: '/api/v1/auth/verify', ...options });

/**
 * Mail the confirmation link again
 */
export const resendConfirmation = <ThrowOnError extends boolean = false>(options: Options<ResendConfirmationData, ThrowOnError>) => (options.client ?? client).post<ResendConfirmationResponses, ResendConfirmationErrors, ThrowOnError>({
    url: '/api/v1/auth/resend',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Mail a link to set a new password
 */
export const recoverPassword = <ThrowOnError extends boolean = false>(options: Options<RecoverPasswordData, ThrowOnError>) => (options.client ?? client).post<RecoverPasswordResponses, RecoverPasswordErrors, ThrowOnError>({
    url: '/api/v1/auth/recover',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Set a new password with the recovery link, and sign in
 */
export const resetPassword = <ThrowOnError extends boolean = false>(options: Options<ResetPasswordData, ThrowOnError>) => (options.client ?? client).post<ResetPasswordResponses, ResetPasswordErrors, ThrowOnError>({
    url: '/api/v1/auth/reset',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * The signed-in user
 */
export const getUser = <ThrowOnError extends boolean = false>(options?: Options<GetUserData, ThrowOnError>) => (options?.client ?? client).get<GetUserResponses, GetUserErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/user',
    ...options
});

/**
 * Change username, display name or password, or add an email (a confirmation link is mailed)
 */
export const updateUser = <ThrowOnError extends boolean = false>(options: Options<UpdateUserData, ThrowOnError>) => (options.client ?? client).put<UpdateUserResponses, UpdateUserErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/user',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * End this session, or (scope=global) every session of the user
 */
export const logout = <ThrowOnError extends boolean = false>(options?: Options<LogoutData, ThrowOnError>) => (options?.client ?? client).post<LogoutResponses, LogoutErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/logout',
    ...options
});

/**
 * Which OAuth providers are on
 */
export const getProviders = <ThrowOnError extends boolean = false>(options?: Options<GetProvidersData, ThrowOnError>) => (options?.client ?? client).get<GetProvidersResponses, unknown, ThrowOnError>({ url: '/api/v1/auth/providers', ...options });

/**
 * Browser navigation: go to the provider to sign in (or link an anonymous account)
 */
export const authorize = <ThrowOnError extends boolean = false>(options: Options<AuthorizeData, ThrowOnError>) => (options.client ?? client).get<unknown, AuthorizeErrors, ThrowOnError>({ url: '/api/v1/auth/authorize', ...options });

/**
 * Where the provider sends the browser back
 */
export const oauthCallback = <ThrowOnError extends boolean = false>(options: Options<OauthCallbackData, ThrowOnError>) => (options.client ?? client).get<unknown, unknown, ThrowOnError>({ url: '/api/v1/auth/callback/{provider}', ...options });
