// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "account security".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { AddPasskeyData, AddPasskeyErrors, AddPasskeyResponses, DisableTotpData, DisableTotpErrors, DisableTotpResponses, EndOtherSessionsData, EndOtherSessionsErrors, EndOtherSessionsResponses, EndSessionData, EndSessionErrors, EndSessionResponses, GetAccountSecurityData, GetAccountSecurityErrors, GetAccountSecurityResponses, GetSecurityLogData, GetSecurityLogErrors, GetSecurityLogResponses, ListPasskeysData, ListPasskeysErrors, ListPasskeysResponses, ListSessionsData, ListSessionsErrors, ListSessionsResponses, ReauthenticateData, ReauthenticateErrors, ReauthenticateResponses, RegenerateRecoveryCodesData, RegenerateRecoveryCodesErrors, RegenerateRecoveryCodesResponses, RemovePasskeyData, RemovePasskeyErrors, RemovePasskeyResponses, RenamePasskeyData, RenamePasskeyErrors, RenamePasskeyResponses, SendReauthenticationCodeData, SendReauthenticationCodeErrors, SendReauthenticationCodeResponses, StartPasskeyAuthenticationData, StartPasskeyAuthenticationErrors, StartPasskeyAuthenticationResponses, StartPasskeyRegistrationData, StartPasskeyRegistrationErrors, StartPasskeyRegistrationResponses, StartTotpData, StartTotpErrors, StartTotpResponses, VerifyTotpData, VerifyTotpErrors, VerifyTotpResponses } from '../types.gen';

/**
 * What protects the account: password, authenticator app, recovery codes left, passkeys
 */
export const getAccountSecurity = <ThrowOnError extends boolean = false>(options?: Options<GetAccountSecurityData, ThrowOnError>) => (options?.client ?? client).get<GetAccountSecurityResponses, GetAccountSecurityErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/security',
    ...options
});

/**
 * Confirm it is you (password, app or recovery code, passkey, or a mailed code): what matters is allowed for 10 minutes
 */
export const reauthenticate = <ThrowOnError extends boolean = false>(options: Options<ReauthenticateData, ThrowOnError>) => (options.client ?? client).post<ReauthenticateResponses, ReauthenticateErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/reauthenticate',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Mail a code to confirm it is you, for an account with no password, app or passkey (made with Google, say)
 */
export const sendReauthenticationCode = <ThrowOnError extends boolean = false>(options?: Options<SendReauthenticationCodeData, ThrowOnError>) => (options?.client ?? client).post<SendReauthenticationCodeResponses, SendReauthenticationCodeErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/reauthenticate/email-code',
    ...options
});

/**
 * Where the account is signed in: browser, system, address, started, last active; this one marked
 */
export const listSessions = <ThrowOnError extends boolean = false>(options?: Options<ListSessionsData, ThrowOnError>) => (options?.client ?? client).get<ListSessionsResponses, ListSessionsErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/sessions',
    ...options
});

/**
 * Sign one session out
 */
export const endSession = <ThrowOnError extends boolean = false>(options: Options<EndSessionData, ThrowOnError>) => (options.client ?? client).delete<EndSessionResponses, EndSessionErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/sessions/{id}',
    ...options
});

/**
 * Sign out everywhere else: every session but this one ends
 */
export const endOtherSessions = <ThrowOnError extends boolean = false>(options?: Options<EndOtherSessionsData, ThrowOnError>) => (options?.client ?? client).post<EndOtherSessionsResponses, EndOtherSessionsErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/sessions/end-others',
    ...options
});

/**
 * Turn the authenticator app off
 */
export const disableTotp = <ThrowOnError extends boolean = false>(options?: Options<DisableTotpData, ThrowOnError>) => (options?.client ?? client).delete<DisableTotpResponses, DisableTotpErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/factors/totp',
    ...options
});

/**
 * Start adding an authenticator app
 */
export const startTotp = <ThrowOnError extends boolean = false>(options?: Options<StartTotpData, ThrowOnError>) => (options?.client ?? client).post<StartTotpResponses, StartTotpErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/factors/totp',
    ...options
});

/**
 * Turn the authenticator app on with its first code: every other session ends, ten recovery codes are shown once
 */
export const verifyTotp = <ThrowOnError extends boolean = false>(options: Options<VerifyTotpData, ThrowOnError>) => (options.client ?? client).post<VerifyTotpResponses, VerifyTotpErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/factors/totp/verify',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Ten new recovery codes (the old ones stop working), shown once
 */
export const regenerateRecoveryCodes = <ThrowOnError extends boolean = false>(options?: Options<RegenerateRecoveryCodesData, ThrowOnError>) => (options?.client ?? client).post<RegenerateRecoveryCodesResponses, RegenerateRecoveryCodesErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/factors/recovery-codes',
    ...options
});

/**
 * The account’s passkeys
 */
export const listPasskeys = <ThrowOnError extends boolean = false>(options?: Options<ListPasskeysData, ThrowOnError>) => (options?.client ?? client).get<ListPasskeysResponses, ListPasskeysErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/passkeys',
    ...options
});

/**
 * Keep the passkey the browser made for the registration options
 */
export const addPasskey = <ThrowOnError extends boolean = false>(options: Options<AddPasskeyData, ThrowOnError>) => (options.client ?? client).post<AddPasskeyResponses, AddPasskeyErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/passkeys',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Options for navigator.credentials.create() to add a passkey
 */
export const startPasskeyRegistration = <ThrowOnError extends boolean = false>(options?: Options<StartPasskeyRegistrationData, ThrowOnError>) => (options?.client ?? client).post<StartPasskeyRegistrationResponses, StartPasskeyRegistrationErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/passkeys/registration',
    ...options
});

/**
 * Remove a passkey
 */
export const removePasskey = <ThrowOnError extends boolean = false>(options: Options<RemovePasskeyData, ThrowOnError>) => (options.client ?? client).delete<RemovePasskeyResponses, RemovePasskeyErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/passkeys/{id}',
    ...options
});

/**
 * Rename a passkey
 */
export const renamePasskey = <ThrowOnError extends boolean = false>(options: Options<RenamePasskeyData, ThrowOnError>) => (options.client ?? client).patch<RenamePasskeyResponses, RenamePasskeyErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/passkeys/{id}',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Options for navigator.credentials.get(): to sign in (any passkey of the site; then POST /auth/token?grant_type=passkey), or, signed in, to confirm it is you
 */
export const startPasskeyAuthentication = <ThrowOnError extends boolean = false>(options?: Options<StartPasskeyAuthenticationData, ThrowOnError>) => (options?.client ?? client).post<StartPasskeyAuthenticationResponses, StartPasskeyAuthenticationErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/passkeys/authentication',
    ...options
});

/**
 * The account’s security log, newest first (180 days): sign-ins, factors, passkeys, sessions, password, API keys
 */
export const getSecurityLog = <ThrowOnError extends boolean = false>(options?: Options<GetSecurityLogData, ThrowOnError>) => (options?.client ?? client).get<GetSecurityLogResponses, GetSecurityLogErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/security-log',
    ...options
});
