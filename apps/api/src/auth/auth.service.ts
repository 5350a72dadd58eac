import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { UserRepository } from '../repositories/user.repository';
import { AccessTokens } from './access-tokens';
import { authErrors } from './auth-errors';
import type { GrantType, SessionDto, SignUpDto, SignUpResultDto, TokenRequestDto, UpdateUserDto, UserDto } from './auth.dto';
import { AttemptLimiter } from '../core/http/attempt-limiter';
import { EmailLinksService } from './email-links.service';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';
import { SessionsService } from './sessions.service';
import { localPart, toUserDto } from './user-mapper';
import { User } from '../repositories/schema/user.entity';
import type { AuthMethod, Session } from '../repositories/schema/session.entity';
import type { ReauthenticateDto } from './account-security.dto';
import { MfaService } from './mfa.service';
import { PasskeysService } from './passkeys.service';
import { Reauthentication } from './reauthentication';
import { SecurityLog } from './security-log.service';
import type { SessionPrincipal } from './principals.service';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';

/** A session as the client receives it, plus the refresh token the controller puts in the cookie. */
export interface SignedIn {
  body: SessionDto;
  refreshToken: string;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly sessions: SessionsService,
    private readonly accessTokens: AccessTokens,
    private readonly hasher: PasswordHasher,
    private readonly links: EmailLinksService,
    private readonly attempts: AttemptLimiter,
    private readonly passwords: PasswordPolicy,
    private readonly mfa: MfaService,
    private readonly passkeys: PasskeysService,
    private readonly reauthentication: Reauthentication,
    private readonly log: SecurityLog,
  ) {}

  /**
   * An address belongs to the account whose `email` it is. Another account's pending change to it blocks
   * nothing; two sign-ups racing for one address meet at the unique index, and the loser gets the same 409.
   */
  async signUp({ email, password, data }: SignUpDto): Promise<SignUpResultDto> {
    this.passwords.assertStrong(password, PasswordPolicy.userInputs(email, data?.username, data?.display_name));
    if (await this.users.emailExists(email)) throw authErrors.userExists();
    const user = await this.users.save(
      this.users.create({
        email,
        passwordHash: await this.hasher.hash(password),
        username: data?.username ?? localPart(email),
        displayName: data?.display_name ?? localPart(email),
        isAnonymous: false,
        emailConfirmedAt: null,
        pendingEmail: null,
      }),
    );
    await this.links.send('confirm', user.id, email);
    return { user: toUserDto(user), confirmation_sent: true };
  }

  /**
   * Only the sign-up of the account that owns the address is mailed again. A pending change is re-sent by
   * its own signed-in account (PUT /auth/user), never on behalf of whoever types the address here.
   */
  async resendConfirmation(email: string): Promise<void> {
    const user = await this.users.findUnconfirmedByEmail(email);
    if (user) await this.links.send('confirm', user.id, email);
  }

  async grant(grantType: GrantType, body: TokenRequestDto, client: ClientInfo, cookieToken?: string): Promise<SignedIn> {
    switch (grantType) {
      case 'password': {
        requireFields(body, ['email', 'password']);
        return this.signInWithPassword(body.email as string, body.password as string, client);
      }
      case 'mfa': {
        requireFields(body, ['mfa_token', 'code']);
        return this.completeSecondFactor(body.mfa_token as string, body.code as string, client);
      }
      case 'passkey': {
        requireFields(body, ['challenge_id', 'credential']);
        return this.signInWithPasskey(body.challenge_id as string, body.credential as unknown as AuthenticationResponseJSON, client);
      }
      case 'refresh_token': {
        const refreshToken = body.refresh_token ?? cookieToken;
        if (!refreshToken) throw authErrors.invalidRefreshToken();
        const issued = await this.sessions.rotate(refreshToken, client.ip);
        const user = await this.loadUser(issued.session.userId);
        return this.signedIn(user, issued.session, issued.refreshToken);
      }
    }
  }

  async signInAnonymously(client: ClientInfo): Promise<SignedIn> {
    const user = await this.users.save(this.users.create({ isAnonymous: true, email: null, passwordHash: null, username: null, displayName: null }));
    return this.startSession(user, client, 'anonymous');
  }

  /** The confirmation link: confirms the address (an added one replaces the old) and signs the user in. */
  async confirmEmail(token: string, client: ClientInfo): Promise<SignedIn> {
    const link = await this.links.consume('confirm', token);
    if (!link) throw authErrors.invalidToken();
    const user = await this.loadUser(link.userId);
    if (user.pendingEmail === link.email) {
      if (await this.users.emailExists(link.email)) throw authErrors.emailTaken();
      user.email = link.email;
      user.pendingEmail = null;
    } else if (user.email !== link.email) {
      throw authErrors.invalidToken();
    }
    user.emailConfirmedAt ??= new Date();
    if (user.isAnonymous && user.passwordHash) {
      user.isAnonymous = false;
      user.username ??= localPart(link.email);
      user.displayName ??= localPart(link.email);
    }
    await this.users.save(user);
    // The address is now this account's: other accounts' pending changes to it can never be confirmed.
    await this.users.clearPendingEmail(link.email, user.id);
    return this.startSession(user, client, 'email_link');
  }

  async recover(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (user) await this.links.send('recover', user.id, email);
  }

  /** The recovery link's token and a new password: every other session ends, a new one starts. */
  async resetPassword(token: string, password: string, client: ClientInfo): Promise<SignedIn> {
    // A refused password must not spend the link: the person tries another one with the same mail.
    const valid = await this.links.peek('recover', token);
    if (!valid) throw authErrors.invalidToken();
    const owner = await this.loadUser(valid.userId);
    this.passwords.assertStrong(password, PasswordPolicy.userInputs(owner.email, valid.email, owner.username, owner.displayName));
    const link = await this.links.consume('recover', token);
    if (!link) throw authErrors.invalidToken();
    const user = await this.loadUser(link.userId);
    user.passwordHash = await this.hasher.hash(password);
    user.emailConfirmedAt ??= new Date(); // the mailbox was just proven
    await this.users.save(user);
    await this.sessions.endAll(user.id, 'password_changed');
    await this.attempts.succeed(link.email);
    await this.log.record(user.id, 'password_changed', client, { via: 'recovery_link' });
    // With a second factor on, the mailbox alone does not sign in (ASVS 6.4.3): the new password is set, the code is asked.
    return this.startSession(user, client, 'email_link');
  }

  async getUser(userId: string): Promise<UserDto> {
    return toUserDto(await this.loadUser(userId));
  }

  async updateUser(principal: SessionPrincipal, change: UpdateUserDto, client: ClientInfo): Promise<UserDto> {
    const { userId, sessionId } = principal;
    const user = await this.loadUser(userId);
    const changesEmail = change.email !== undefined && change.email !== user.email;
    if (change.password !== undefined || changesEmail) await this.reauthentication.assertRecent(principal);
    if (change.data?.username !== undefined) user.username = change.data.username;
    if (change.data?.display_name !== undefined) user.displayName = change.data.display_name;
    const passwordChanged = change.password !== undefined;
    if (passwordChanged) {
      // The names and address the account will have after this change, so a password made of them fails too.
      this.passwords.assertStrong(
        change.password as string,
        PasswordPolicy.userInputs(user.email, change.email, user.pendingEmail, user.username, user.displayName),
      );
      if (user.passwordHash) {
        if (!change.current_password) throw authErrors.currentPasswordRequired();
        if (!(await this.hasher.verify(user.passwordHash, change.current_password))) throw authErrors.invalidCurrentPassword();
      }
      user.passwordHash = await this.hasher.hash(change.password as string);
    }
    const newEmail = change.email !== undefined && change.email !== user.email ? change.email : undefined;
    if (newEmail) {
      if (await this.users.emailExists(newEmail)) throw authErrors.emailTaken();
      user.pendingEmail = newEmail;
    }
    await this.users.save(user);
    if (passwordChanged) {
      await this.sessions.endAll(user.id, 'password_changed', sessionId);
      await this.log.record(user.id, 'password_changed', client);
    }
    if (newEmail) {
      await this.links.send('confirm', user.id, newEmail);
      await this.log.record(user.id, 'email_change_requested', client, { email: newEmail });
    }
    return toUserDto(user);
  }

  async logout(userId: string, sessionId: string, scope: 'local' | 'global'): Promise<void> {
    if (scope === 'global') await this.sessions.endAll(userId, 'logout_all');
    else await this.sessions.end(sessionId, 'logout');
  }

  /**
   * A new session for a user who has just proven who they are with `method` (password, mail link, OAuth). An account
   * with an authenticator app gets no session yet: 403 mfa_required with a token for the second step (grant_type=mfa).
   */
  async startSession(user: User, client: ClientInfo, method: Exclude<AuthMethod, 'totp' | 'recovery' | 'passkey' | 'email_code'>): Promise<SignedIn> {
    if (!user.isAnonymous && (await this.mfa.isOn(user.id))) {
      throw authErrors.mfaRequired(await this.accessTokens.issueMfaToken({ sub: user.id, method }), await this.reauthentication.secondFactorsOf(user.id));
    }
    return this.openSession(user, client, [method]);
  }

  /** The second step of a sign-in that needed one: the mfa_token and a code of the app (or a recovery code). */
  private async completeSecondFactor(mfaToken: string, code: string, client: ClientInfo): Promise<SignedIn> {
    const claims = await this.accessTokens.verifyMfaToken(mfaToken);
    if (!claims) throw authErrors.invalidMfaToken();
    const user = await this.loadUser(claims.sub);
    let factor: AuthMethod;
    try {
      factor = await this.mfa.verify(user.id, code, client.ip);
    } catch (e) {
      if ((e as { response?: { code?: string } }).response?.code === 'invalid_mfa_code') await this.log.record(user.id, 'sign_in_failed_second_factor', client, { method: claims.method });
      throw e;
    }
    if (factor === 'recovery') await this.log.record(user.id, 'recovery_code_used', client, { left: String(await this.mfa.recoveryCodesLeft(user.id)) });
    return this.openSession(user, client, [factor, claims.method]);
  }

  /** A passkey alone is a full sign-in: the device and its PIN or biometric (user verification is required). */
  private async signInWithPasskey(challengeId: string, credential: AuthenticationResponseJSON, client: ClientInfo): Promise<SignedIn> {
    const passkey = await this.passkeys.authenticate(challengeId, credential);
    const user = await this.loadUser(passkey.userId);
    return this.openSession(user, client, ['passkey'], { passkey: passkey.name });
  }

  /**
   * Its owner proves again, in this session, who they are: with the password, a code of the app or a recovery code, a
   * passkey, or (an account with none of those) a code we mailed. The session's sign-in time moves to now, and a new
   * access token says how (amr); the refresh token stays.
   */
  async reauthenticate(principal: SessionPrincipal, proof: ReauthenticateDto, client: ClientInfo): Promise<SessionDto> {
    const given = (['password', 'code', 'passkey', 'email_code'] as const).filter((k) => proof[k] !== undefined);
    if (given.length !== 1) throw authErrors.oneProof();
    const method = await this.prove(await this.loadUser(principal.userId), proof, client);
    await this.log.record(principal.userId, 'reauthenticated', client, { method });
    return this.reauthenticatedWith(principal, method);
  }

  /** The session's owner has just proven `method` in it: its sign-in time moves to now, and a new access token says so. */
  async reauthenticatedWith(principal: SessionPrincipal, method: AuthMethod): Promise<SessionDto> {
    const session = await this.sessions.live(principal.sessionId);
    if (!session) throw authErrors.unauthenticated('The session has ended');
    const updated = await this.sessions.reauthenticated(session, method);
    return (await this.signedIn(await this.loadUser(principal.userId), updated, '')).body;
  }

  /** Mails a re-authentication code to an account that has no password, app or passkey to prove itself with. */
  async sendReauthenticationCode(userId: string): Promise<void> {
    const user = await this.loadUser(userId);
    const factors = await this.reauthentication.factorsOf(userId);
    if (!factors.includes('email_code') || !user.email) throw authErrors.emailCodeUnavailable();
    await this.links.sendCode(user.id, user.email);
  }

  private async prove(user: User, proof: ReauthenticateDto, client: ClientInfo): Promise<AuthMethod> {
    if (proof.password !== undefined) {
      if (!user.passwordHash || !user.email) throw authErrors.invalidCredentials();
      await this.attempts.check(user.email, client.ip);
      if (!(await this.hasher.verify(user.passwordHash, proof.password))) {
        await this.attempts.fail(user.email, client.ip);
        throw authErrors.invalidCredentials();
      }
      await this.attempts.succeed(user.email);
      return 'password';
    }
    if (proof.code !== undefined) return this.mfa.verify(user.id, proof.code, client.ip);
    if (proof.passkey !== undefined) {
      await this.passkeys.authenticate(proof.passkey.challenge_id, proof.passkey.credential as unknown as AuthenticationResponseJSON, user.id);
      return 'passkey';
    }
    if (!(await this.reauthentication.factorsOf(user.id)).includes('email_code')) throw authErrors.emailCodeUnavailable();
    await this.attempts.check(user.id, client.ip, 'second-factor');
    if (!(await this.links.spendCode(user.id, (proof.email_code as string).trim()))) {
      await this.attempts.fail(user.id, client.ip, 'second-factor');
      throw authErrors.invalidMfaCode();
    }
    await this.attempts.succeed(user.id, 'second-factor');
    return 'email_code';
  }

  /** A session for a user whose sign-in is complete: `methods` proven, newest first; logged. */
  private async openSession(user: User, client: ClientInfo, methods: AuthMethod[], detail: Record<string, string> = {}): Promise<SignedIn> {
    const issued = await this.sessions.start(user.id, { userAgent: client.userAgent, ip: client.ip, methods });
    if (!user.isAnonymous) await this.log.record(user.id, 'signed_in', client, { method: methods.join('+'), ...detail });
    return this.signedIn(user, issued.session, issued.refreshToken);
  }

  private async signInWithPassword(email: string, password: string, client: ClientInfo): Promise<SignedIn> {
    await this.attempts.check(email, client.ip);
    const user = await this.users.findWithIdentities({ email });
    // Hash even for an unknown address, so timing does not tell which addresses have accounts.
    const valid = user?.passwordHash ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.hash(password).then(() => false);
    if (!user || !valid) {
      await this.attempts.fail(email, client.ip);
      throw authErrors.invalidCredentials();
    }
    await this.attempts.succeed(email);
    if (!user.emailConfirmedAt) throw authErrors.emailNotConfirmed();
    return this.startSession(user, client, 'password');
  }

  private async signedIn(user: User, session: Pick<Session, 'id' | 'aal' | 'amr'>, refreshToken: string): Promise<SignedIn> {
    const access = await this.accessTokens.issue(
      { sub: user.id, sid: session.id, is_anonymous: user.isAnonymous, aal: session.aal, amr: session.amr },
      this.config.accessTokenTtl,
    );
    return {
      refreshToken,
      body: { access_token: access.token, token_type: 'bearer', expires_in: access.expiresIn, expires_at: access.expiresAt, user: toUserDto(user) },
    };
  }

  private async loadUser(id: string): Promise<User> {
    const user = await this.users.findWithIdentities({ id });
    if (!user) throw authErrors.unauthenticated('The account no longer exists');
    return user;
  }
}

/** The body fields a grant needs, all present or 400 naming the missing ones. */
function requireFields(body: TokenRequestDto, fields: (keyof TokenRequestDto)[]): void {
  const missing = fields.filter((f) => !body[f]);
  if (missing.length) throw authErrors.missingGrantFields(missing);
}
