import { Injectable, NotFoundException } from '@nestjs/common';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { UserRepository } from '../repositories/user.repository';
import type { Passkey } from '../repositories/schema/passkey.entity';
import type { SecurityEvent } from '../repositories/schema/security-event.entity';
import type {
  PasskeyDto,
  RecoveryCodesDto,
  SecurityEventDto,
  SecurityOverviewDto,
  SessionSummaryDto,
  TotpEnabledDto,
  TotpEnrolmentDto,
  WebAuthnCeremonyDto,
} from './account-security.dto';
import { authErrors } from './auth-errors';
import { AuthService, type ClientInfo } from './auth.service';
import { MfaService } from './mfa.service';
import { PasskeysService } from './passkeys.service';
import type { SessionPrincipal } from './principals.service';
import { Reauthentication } from './reauthentication';
import { describeUserAgent, SecurityLog } from './security-log.service';
import { SessionsService } from './sessions.service';

/**
 * What /profile's security section shows and changes (issue 39): the account's sessions, its authenticator app and
 * recovery codes, its passkeys and its security log. Whatever adds or removes a way in is logged.
 */
@Injectable()
export class AccountSecurityService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionsService,
    private readonly mfa: MfaService,
    private readonly passkeys: PasskeysService,
    private readonly reauthentication: Reauthentication,
    private readonly log: SecurityLog,
    private readonly auth: AuthService,
  ) {}

  async overview(userId: string): Promise<SecurityOverviewDto> {
    const [{ user, totp, passkeys, factors }, recoveryLeft] = await Promise.all([this.reauthentication.waysIn(userId), this.mfa.recoveryCodesLeft(userId)]);
    return { password: Boolean(user?.passwordHash), totp, recovery_codes_left: recoveryLeft, passkeys, factors: factors.filter((f) => f !== 'email_code') as SecurityOverviewDto['factors'] };
  }

  // --- sessions ---

  async listSessions(principal: SessionPrincipal): Promise<SessionSummaryDto[]> {
    return (await this.sessions.liveOf(principal.userId)).map((s) => ({
      id: s.id,
      ...describeUserAgent(s.userAgent),
      ip: s.ip,
      created_at: s.createdAt.toISOString(),
      last_active_at: s.lastActiveAt.toISOString(),
      aal: s.aal,
      current: s.id === principal.sessionId,
    }));
  }

  /** Ends one of the account's sessions: its refresh token fails at once, and so do its access tokens (checked per request). */
  async endSession(principal: SessionPrincipal, sessionId: string, client: ClientInfo): Promise<void> {
    if (!(await this.sessions.end(sessionId, 'ended_by_user', principal.userId))) {
      throw new NotFoundException({ message: 'No such session is signed in on your account', code: 'session_not_found' });
    }
    await this.log.record(principal.userId, 'session_ended', client, { session: sessionId });
  }

  /** "Sign out everywhere else": every session but this one ends. */
  async endOtherSessions(principal: SessionPrincipal, client: ClientInfo): Promise<number> {
    const ended = await this.sessions.endAll(principal.userId, 'ended_by_user', principal.sessionId);
    await this.log.record(principal.userId, 'other_sessions_ended', client, { count: String(ended) });
    return ended;
  }

  // --- authenticator app ---

  /** A new seed to scan (the routes that change a way in need a recent sign-in: @Authenticated({ recent: true })). */
  async startTotp(principal: SessionPrincipal): Promise<TotpEnrolmentDto> {
    const user = await this.users.findById(principal.userId);
    return this.mfa.start(principal.userId, user?.email ?? user?.username ?? principal.userId);
  }

  /**
   * The app's first code turns it on: this session becomes aal2 (it just proved the app), every other session of the
   * account ends (they were signed in with one factor), and the ten recovery codes are shown this once.
   */
  async confirmTotp(principal: SessionPrincipal, code: string, client: ClientInfo): Promise<TotpEnabledDto> {
    const codes = await this.mfa.confirm(principal.userId, code, client.ip);
    await this.sessions.endAll(principal.userId, 'mfa_enrolled', principal.sessionId);
    await this.log.record(principal.userId, 'totp_enabled', client);
    const session = await this.auth.reauthenticatedWith(principal, 'totp');
    return { recovery_codes: codes, session };
  }

  async disableTotp(principal: SessionPrincipal, client: ClientInfo): Promise<void> {
    if (!(await this.mfa.disable(principal.userId))) throw new NotFoundException({ message: 'No authenticator app is on', code: 'mfa_not_enabled' });
    await this.log.record(principal.userId, 'totp_disabled', client);
  }

  async newRecoveryCodes(principal: SessionPrincipal, client: ClientInfo): Promise<RecoveryCodesDto> {
    if (!(await this.mfa.isOn(principal.userId))) throw new NotFoundException({ message: 'Turn on an authenticator app first', code: 'mfa_not_enabled' });
    const codes = await this.mfa.newRecoveryCodes(principal.userId);
    await this.log.record(principal.userId, 'recovery_codes_generated', client);
    return { recovery_codes: codes };
  }

  // --- passkeys ---

  async listPasskeys(userId: string): Promise<PasskeyDto[]> {
    return (await this.passkeys.list(userId)).map(toPasskeyDto);
  }

  async passkeyRegistration(principal: SessionPrincipal): Promise<WebAuthnCeremonyDto> {
    const user = await this.users.findById(principal.userId);
    if (!user) throw authErrors.unauthenticated('The account no longer exists');
    const { challengeId, options } = await this.passkeys.registrationOptions(user);
    return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
  }

  async addPasskey(principal: SessionPrincipal, challengeId: string, credential: RegistrationResponseJSON, name: string | undefined, client: ClientInfo): Promise<PasskeyDto> {
    const passkey = await this.passkeys.register(principal.userId, challengeId, credential, name || defaultPasskeyName(client.userAgent));
    await this.log.record(principal.userId, 'passkey_added', client, { passkey: passkey.name });
    return toPasskeyDto(passkey);
  }

  async renamePasskey(userId: string, id: string, name: string): Promise<PasskeyDto> {
    return toPasskeyDto(await this.passkeys.rename(userId, id, name));
  }

  async removePasskey(principal: SessionPrincipal, id: string, client: ClientInfo): Promise<void> {
    const passkey = await this.passkeys.remove(principal.userId, id);
    await this.log.record(principal.userId, 'passkey_removed', client, { passkey: passkey.name });
  }

  // --- security log ---

  async securityLog(userId: string, limit: number, before?: Date): Promise<SecurityEventDto[]> {
    return (await this.log.list(userId, limit, before)).map(toSecurityEventDto);
  }
}

/** "Chrome on Windows", from the browser that made it: a name to tell passkeys apart until the person renames one. */
function defaultPasskeyName(userAgent?: string): string {
  const { browser, os } = describeUserAgent(userAgent);
  return [browser?.replace(/ \d+$/, ''), os?.replace(/ [\d.]+$/, '')].filter(Boolean).join(' · ') || 'Passkey';
}

function toPasskeyDto(p: Passkey): PasskeyDto {
  return {
    id: p.id,
    name: p.name,
    backed_up: p.backedUp,
    device_type: p.deviceType,
    transports: p.transports,
    created_at: p.createdAt.toISOString(),
    last_used_at: p.lastUsedAt?.toISOString() ?? null,
  };
}

export function toSecurityEventDto(e: SecurityEvent): SecurityEventDto {
  const { browser, os } = describeUserAgent(e.userAgent);
  return { id: e.id, type: e.type, created_at: e.createdAt.toISOString(), ip: e.ip, browser, os, detail: e.detail };
}
