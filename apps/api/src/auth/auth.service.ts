import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { UserRepository } from '../repositories/user.repository';
import { AccessTokens } from './access-tokens';
import { authErrors } from './auth-errors';
import type { SessionDto, SignUpDto, SignUpResultDto, TokenRequestDto, UpdateUserDto, UserDto } from './auth.dto';
import { AttemptLimiter } from '../core/http/attempt-limiter';
import { EmailLinksService } from './email-links.service';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';
import { SessionsService } from './sessions.service';
import { localPart, toUserDto } from './user-mapper';
import { User } from '../repositories/schema/user.entity';

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

  async grant(grantType: 'password' | 'refresh_token', body: TokenRequestDto, client: ClientInfo, cookieToken?: string): Promise<SignedIn> {
    if (grantType === 'password') {
      const missing = (['email', 'password'] as const).filter((f) => !body[f]);
      if (missing.length) throw authErrors.missingGrantFields(missing);
      return this.signInWithPassword(body.email as string, body.password as string, client);
    }
    const refreshToken = body.refresh_token ?? cookieToken;
    if (!refreshToken) throw authErrors.invalidRefreshToken();
    const issued = await this.sessions.rotate(refreshToken);
    const user = await this.loadUser(issued.session.userId);
    return this.signedIn(user, issued.session.id, issued.refreshToken);
  }

  async signInAnonymously(client: ClientInfo): Promise<SignedIn> {
    const user = await this.users.save(this.users.create({ isAnonymous: true, email: null, passwordHash: null, username: null, displayName: null }));
    return this.startSession(user, client);
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
    return this.startSession(user, client);
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
    return this.startSession(user, client);
  }

  async getUser(userId: string): Promise<UserDto> {
    return toUserDto(await this.loadUser(userId));
  }

  async updateUser(userId: string, sessionId: string, change: UpdateUserDto): Promise<UserDto> {
    const user = await this.loadUser(userId);
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
    if (passwordChanged) await this.sessions.endAll(user.id, 'password_changed', sessionId);
    if (newEmail) await this.links.send('confirm', user.id, newEmail);
    return toUserDto(user);
  }

  async logout(userId: string, sessionId: string, scope: 'local' | 'global'): Promise<void> {
    if (scope === 'global') await this.sessions.endAll(userId, 'logout_all');
    else await this.sessions.end(sessionId, 'logout');
  }

  /** A new session for a user who has just proven who they are (password, mail link, OAuth). */
  async startSession(user: User, client: ClientInfo): Promise<SignedIn> {
    const issued = await this.sessions.start(user.id, client.userAgent);
    return this.signedIn(user, issued.session.id, issued.refreshToken);
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
    return this.startSession(user, client);
  }

  private async signedIn(user: User, sessionId: string, refreshToken: string): Promise<SignedIn> {
    const access = await this.accessTokens.issue({ sub: user.id, sid: sessionId, is_anonymous: user.isAnonymous }, this.config.accessTokenTtl);
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
