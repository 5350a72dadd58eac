import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { Endpoint } from '../core/http/endpoint.decorator';
import {
  EndedSessionsDto,
  MfaCodeDto,
  NewPasskeyDto,
  PasskeyDto,
  PasskeyIdParamDto,
  PasskeyListDto,
  PasskeyNameDto,
  ReauthenticateDto,
  RecoveryCodesDto,
  SecurityLogDto,
  SecurityLogQueryDto,
  SecurityOverviewDto,
  SessionIdParamDto,
  SessionListDto,
  TotpEnabledDto,
  TotpEnrolmentDto,
  WebAuthnCeremonyDto,
} from './account-security.dto';
import { AccountSecurityService } from './account-security.service';
import { CurrentSession, OptionalPrincipal, type Principal, type SessionPrincipal } from './auth.guard';
import { SessionDto } from './auth.dto';
import { AuthService, type ClientInfo } from './auth.service';
import { Authenticated } from './authenticated.decorator';
import { Client } from './client-info.decorator';
import { PasskeysService } from './passkeys.service';

const MINE = { confirmed: true, session: true } as const;
/** Adding or removing a way in: a session that signed in (or re-authenticated) in the last 10 minutes. */
const MINE_RECENT = { ...MINE, recent: true } as const;
const quarterHour = 15 * 60_000;

/** The account's security (issue 39): sessions, authenticator app and recovery codes, passkeys, re-authentication, the security log. */
@ApiTags('account security')
@Controller('auth')
export class AccountSecurityController {
  constructor(
    private readonly security: AccountSecurityService,
    private readonly auth: AuthService,
    private readonly passkeys: PasskeysService,
  ) {}

  @Get('security')
  @Endpoint({ id: 'getAccountSecurity', summary: 'What protects the account: password, authenticator app, recovery codes left, passkeys', ok: SecurityOverviewDto })
  @Authenticated(MINE)
  overview(@CurrentSession() session: SessionPrincipal): Promise<SecurityOverviewDto> {
    return this.security.overview(session.userId);
  }

  // --- re-authentication ---

  @Post('reauthenticate')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 20, ttl: quarterHour } })
  @Endpoint({
    id: 'reauthenticate',
    summary: 'Confirm it is you (password, app or recovery code, passkey, or a mailed code): what matters is allowed for 10 minutes',
    ok: SessionDto,
    errors: [
      { status: HttpStatus.BAD_REQUEST, description: 'code invalid_credentials, invalid_mfa_code, invalid_passkey, one_proof_required or email_code_unavailable' },
      HttpStatus.TOO_MANY_REQUESTS,
    ],
  })
  @Authenticated(MINE)
  reauthenticate(@CurrentSession() session: SessionPrincipal, @Body() body: ReauthenticateDto, @Client() client: ClientInfo): Promise<SessionDto> {
    return this.auth.reauthenticate(session, body, client);
  }

  @Post('reauthenticate/email-code')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Throttle({ default: { limit: 5, ttl: quarterHour } })
  @ApiNoContentResponse({ description: 'A six-digit code is on its way to the account’s address (valid 10 minutes)' })
  @Endpoint({
    id: 'sendReauthenticationCode',
    summary: 'Mail a code to confirm it is you, for an account with no password, app or passkey (made with Google, say)',
    errors: [{ status: HttpStatus.BAD_REQUEST, description: 'code email_code_unavailable' }, HttpStatus.TOO_MANY_REQUESTS],
  })
  @Authenticated(MINE)
  sendCode(@CurrentSession() session: SessionPrincipal): Promise<void> {
    return this.auth.sendReauthenticationCode(session.userId);
  }

  // --- sessions ---

  @Get('sessions')
  @Endpoint({ id: 'listSessions', summary: 'Where the account is signed in: browser, system, address, started, last active; this one marked', ok: SessionListDto })
  @Authenticated(MINE)
  async sessions(@CurrentSession() session: SessionPrincipal): Promise<SessionListDto> {
    return { sessions: await this.security.listSessions(session) };
  }

  @Delete('sessions/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Ended: its refresh token fails now, and so do its access tokens' })
  @Endpoint({ id: 'endSession', summary: 'Sign one session out', errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  @Authenticated(MINE)
  endSession(@CurrentSession() session: SessionPrincipal, @Param() { id }: SessionIdParamDto, @Client() client: ClientInfo): Promise<void> {
    return this.security.endSession(session, id, client);
  }

  @Post('sessions/end-others')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ id: 'endOtherSessions', summary: 'Sign out everywhere else: every session but this one ends', ok: EndedSessionsDto })
  @Authenticated(MINE)
  async endOthers(@CurrentSession() session: SessionPrincipal, @Client() client: ClientInfo): Promise<EndedSessionsDto> {
    return { ended: await this.security.endOtherSessions(session, client) };
  }

  // --- authenticator app and recovery codes ---

  @Post('factors/totp')
  @Header('Cache-Control', 'no-store')
  @ApiCreatedResponse({ type: TotpEnrolmentDto, description: 'Scan the URI (as a QR code) or type the secret; then send the first code to /verify' })
  @Endpoint({ id: 'startTotp', summary: 'Start adding an authenticator app', errors: [{ status: HttpStatus.CONFLICT, description: 'code mfa_already_enabled' }] })
  @Authenticated(MINE_RECENT)
  startTotp(@CurrentSession() session: SessionPrincipal): Promise<TotpEnrolmentDto> {
    return this.security.startTotp(session);
  }

  @Post('factors/totp/verify')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @Throttle({ default: { limit: 20, ttl: quarterHour } })
  @Endpoint({
    id: 'verifyTotp',
    summary: 'Turn the authenticator app on with its first code: every other session ends, ten recovery codes are shown once',
    ok: TotpEnabledDto,
    errors: [{ status: HttpStatus.BAD_REQUEST, description: 'code invalid_mfa_code' }, { status: HttpStatus.NOT_FOUND, description: 'code mfa_enrolment_not_started' }, HttpStatus.TOO_MANY_REQUESTS],
  })
  @Authenticated(MINE)
  verifyTotp(@CurrentSession() session: SessionPrincipal, @Body() { code }: MfaCodeDto, @Client() client: ClientInfo): Promise<TotpEnabledDto> {
    return this.security.confirmTotp(session, code, client);
  }

  @Delete('factors/totp')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Off, and the recovery codes with it' })
  @Endpoint({ id: 'disableTotp', summary: 'Turn the authenticator app off', errors: [{ status: HttpStatus.NOT_FOUND, description: 'code mfa_not_enabled' }] })
  @Authenticated(MINE_RECENT)
  disableTotp(@CurrentSession() session: SessionPrincipal, @Client() client: ClientInfo): Promise<void> {
    return this.security.disableTotp(session, client);
  }

  @Post('factors/recovery-codes')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @Endpoint({ id: 'regenerateRecoveryCodes', summary: 'Ten new recovery codes (the old ones stop working), shown once', ok: RecoveryCodesDto, errors: [{ status: HttpStatus.NOT_FOUND, description: 'code mfa_not_enabled' }] })
  @Authenticated(MINE_RECENT)
  recoveryCodes(@CurrentSession() session: SessionPrincipal, @Client() client: ClientInfo): Promise<RecoveryCodesDto> {
    return this.security.newRecoveryCodes(session, client);
  }

  // --- passkeys ---

  @Get('passkeys')
  @Endpoint({ id: 'listPasskeys', summary: 'The account’s passkeys', ok: PasskeyListDto })
  @Authenticated(MINE)
  async listPasskeys(@CurrentSession() session: SessionPrincipal): Promise<PasskeyListDto> {
    return { passkeys: await this.security.listPasskeys(session.userId) };
  }

  @Post('passkeys/registration')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ id: 'startPasskeyRegistration', summary: 'Options for navigator.credentials.create() to add a passkey', ok: WebAuthnCeremonyDto, errors: [{ status: HttpStatus.CONFLICT, description: 'code too_many_passkeys (10)' }] })
  @Authenticated(MINE_RECENT)
  registration(@CurrentSession() session: SessionPrincipal): Promise<WebAuthnCeremonyDto> {
    return this.security.passkeyRegistration(session);
  }

  @Post('passkeys')
  @ApiCreatedResponse({ type: PasskeyDto })
  @Endpoint({
    id: 'addPasskey',
    summary: 'Keep the passkey the browser made for the registration options',
    errors: [{ status: HttpStatus.BAD_REQUEST, description: 'code invalid_passkey' }, { status: HttpStatus.CONFLICT, description: 'code passkey_exists' }],
  })
  @Authenticated(MINE_RECENT)
  addPasskey(@CurrentSession() session: SessionPrincipal, @Body() body: NewPasskeyDto, @Client() client: ClientInfo): Promise<PasskeyDto> {
    return this.security.addPasskey(session, body.challenge_id, body.credential as unknown as RegistrationResponseJSON, body.name, client);
  }

  @Patch('passkeys/:id')
  @Endpoint({ id: 'renamePasskey', summary: 'Rename a passkey', ok: PasskeyDto, errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code passkey_not_found' }] })
  @Authenticated(MINE)
  renamePasskey(@CurrentSession() session: SessionPrincipal, @Param() { id }: PasskeyIdParamDto, @Body() { name }: PasskeyNameDto): Promise<PasskeyDto> {
    return this.security.renamePasskey(session.userId, id, name);
  }

  @Delete('passkeys/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Removed: it signs in no more' })
  @Endpoint({ id: 'removePasskey', summary: 'Remove a passkey', errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code passkey_not_found' }] })
  @Authenticated(MINE_RECENT)
  removePasskey(@CurrentSession() session: SessionPrincipal, @Param() { id }: PasskeyIdParamDto, @Client() client: ClientInfo): Promise<void> {
    return this.security.removePasskey(session, id, client);
  }

  @Post('passkeys/authentication')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 60, ttl: quarterHour } })
  @Endpoint({
    id: 'startPasskeyAuthentication',
    summary: 'Options for navigator.credentials.get(): to sign in (any passkey of the site; then POST /auth/token?grant_type=passkey), or, signed in, to confirm it is you',
    ok: WebAuthnCeremonyDto,
    errors: [HttpStatus.TOO_MANY_REQUESTS],
  })
  @Authenticated({ optional: true })
  async authentication(@OptionalPrincipal() principal: Principal | undefined): Promise<WebAuthnCeremonyDto> {
    const { challengeId, options } = await this.passkeys.authenticationOptions(principal?.via === 'session' ? principal.userId : undefined);
    return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
  }

  // --- security log ---

  @Get('security-log')
  @Endpoint({ id: 'getSecurityLog', summary: 'The account’s security log, newest first (180 days): sign-ins, factors, passkeys, sessions, password, API keys', ok: SecurityLogDto })
  @Authenticated(MINE)
  async securityLog(@CurrentSession() session: SessionPrincipal, @Query() { limit, before }: SecurityLogQueryDto): Promise<SecurityLogDto> {
    return { events: await this.security.securityLog(session.userId, limit ?? 50, before ? new Date(before) : undefined) };
  }
}
