// The public face of features/auth: other features import from here, never from its files.
export type { AuthProviders, AuthUser, OAuthProvider } from './api/auth-api';
export { useAuthDialog, type AuthDialogMode } from './atoms';
export { authErrorMessage, isAuthErrorCode, useAuthErrorText, type AuthAction } from './auth-messages';
export { PASSWORD_MIN_LENGTH } from './constants';
export { newPasswordProblems, type NewPasswordValues } from './new-password';
export { passwordUserInputs } from './password-strength';
export { AuthDialogHost } from './components/auth-dialog-host';
export { ReauthenticationHost } from './components/reauthentication-host';
export { EmailField, type EmailFieldProps } from './components/email-field';
export { NewPasswordFields, type NewPasswordFieldsProps } from './components/new-password-fields';
export { AuthProvider, useAuth, useAuthEvents, type AuthApi } from './components/auth-provider';
export { DrawerAccount, HeaderAccount } from './components/header-account';
export { SessionManager, type AuthEvent, type AuthSnapshot, type AuthStatus, type Session } from './session-manager';
export { useSignOut } from './use-sign-out';
export { isPasskeyDismissal, webAuthn } from './passkey';
