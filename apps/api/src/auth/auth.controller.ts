import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Put, Query, Req, Res } from '@nestjs/common';
import { Endpoint } from '../core/http/endpoint.decorator';
import { Authenticated } from './authenticated.decorator';
import { ApiCreatedResponse, ApiFoundResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { CurrentPrincipal, CurrentSession, type Principal, type SessionPrincipal } from './auth.guard';
import {
  EmailDto,
  LogoutQueryDto,
  MessageDto,
  ProvidersDto,
  ResetPasswordDto,
  SessionDto,
  SignUpDto,
  SignUpResultDto,
  TokenQueryDto,
  TokenRequestDto,
  UpdateUserDto,
  UserDto,
  VerifyQueryDto,
} from './auth.dto';
import { AuthService, type ClientInfo, type SignedIn } from './auth.service';
import { Client } from './client-info.decorator';
import { RefreshCookie } from './refresh-cookie';
import { secondStepUrl } from './auth-errors';

const hour = 3600_000;
const neutralMail = 'If the address belongs to an account, a message is on its way.';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Post('signup')
  @Throttle({ default: { limit: 10, ttl: hour } })
  @ApiCreatedResponse({ type: SignUpResultDto })
  @Endpoint({
    id: 'signUp',
    summary: 'Create an account; a confirmation link is mailed',
    errors: [
      { status: HttpStatus.CONFLICT, description: 'code user_already_exists' },
      { status: HttpStatus.BAD_REQUEST, description: 'code password_too_common or password_weak (the reason in message), or invalid fields' },
      HttpStatus.TOO_MANY_REQUESTS,
    ],
  })
  signUp(@Body() body: SignUpDto): Promise<SignUpResultDto> {
    return this.auth.signUp(body);
  }

  @Post('token')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @ApiOkResponse({ type: SessionDto, description: 'The refresh token is set as an httpOnly cookie' })
  @Endpoint({
    id: 'token',
    summary:
      'Sign in with email and password (then, with an authenticator app on, grant_type=mfa with its code), or with a passkey (grant_type=passkey), or trade the refresh token (cookie) for a new session token',
    errors: [
      { status: HttpStatus.BAD_REQUEST, description: 'code invalid_credentials, invalid_mfa_code or invalid_passkey' },
      { status: HttpStatus.FORBIDDEN, description: 'code email_not_confirmed, or mfa_required (with mfa_token and factors: send the code with grant_type=mfa)' },
      { status: HttpStatus.UNAUTHORIZED, description: 'code invalid_refresh_token, refresh_token_reused or invalid_mfa_token' },
      HttpStatus.TOO_MANY_REQUESTS,
    ],
  })
  async token(
    @Query() { grant_type }: TokenQueryDto,
    @Body() body: TokenRequestDto,
    @Client() client: ClientInfo,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SessionDto> {
    try {
      return this.respond(await this.auth.grant(grant_type, body, client, this.cookie.read(req)), res, body.refresh_token !== undefined);
    } catch (e) {
      if (grant_type === 'refresh_token') this.cookie.clear(res);
      throw e;
    }
  }

  @Post('anonymous')
  @Throttle({ default: { limit: 30, ttl: hour } })
  @ApiCreatedResponse({ type: SessionDto })
  @Endpoint({ id: 'signInAnonymously', summary: 'Start a session for a new anonymous user', errors: [HttpStatus.TOO_MANY_REQUESTS] })
  async anonymous(@Client() client: ClientInfo, @Res({ passthrough: true }) res: FastifyReply): Promise<SessionDto> {
    return this.respond(await this.auth.signInAnonymously(client), res);
  }

  @Get('verify')
  @ApiFoundResponse({ description: 'To / signed in, to the sign-in page’s second step (an authenticator app is on), or to /auth?error=link_invalid' })
  @Endpoint({ id: 'verifyEmail', summary: 'The link from the confirmation mail: confirms, signs in, goes to the site' })
  async verify(@Query() { token }: VerifyQueryDto, @Client() client: ClientInfo, @Res() res: FastifyReply): Promise<void> {
    try {
      this.respond(await this.auth.confirmEmail(token, client), res);
      void res.redirect(`${this.config.publicUrl}/`, 302);
    } catch (e) {
      // Confirmed, but an account with an authenticator app signs in with its code too.
      void res.redirect(secondStepUrl(this.config.publicUrl, e) ?? `${this.config.publicUrl}/auth?error=link_invalid`, 302);
    }
  }

  @Post('resend')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 5, ttl: 15 * 60_000 } })
  @Endpoint({ id: 'resendConfirmation', summary: 'Mail the confirmation link again', ok: MessageDto, errors: [HttpStatus.TOO_MANY_REQUESTS] })
  async resend(@Body() { email }: EmailDto): Promise<MessageDto> {
    await this.auth.resendConfirmation(email);
    return { message: neutralMail };
  }

  @Post('recover')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 5, ttl: 15 * 60_000 } })
  @Endpoint({ id: 'recoverPassword', summary: 'Mail a link to set a new password', ok: MessageDto, errors: [HttpStatus.TOO_MANY_REQUESTS] })
  async recover(@Body() { email }: EmailDto): Promise<MessageDto> {
    await this.auth.recover(email);
    return { message: neutralMail };
  }

  @Post('reset')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 10, ttl: 15 * 60_000 } })
  @Endpoint({
    id: 'resetPassword',
    summary: 'Set a new password with the recovery link, and sign in',
    ok: SessionDto,
    errors: [{ status: HttpStatus.BAD_REQUEST, description: 'code invalid_token, or password_too_common or password_weak (the link stays usable)' }],
  })
  async reset(@Body() body: ResetPasswordDto, @Client() client: ClientInfo, @Res({ passthrough: true }) res: FastifyReply): Promise<SessionDto> {
    return this.respond(await this.auth.resetPassword(body.token, body.password, client), res);
  }

  @Get('user')
  @Endpoint({ id: 'getUser', summary: 'The signed-in user', ok: UserDto })
  @Authenticated()
  getUser(@CurrentPrincipal() principal: Principal): Promise<UserDto> {
    return this.auth.getUser(principal.userId);
  }

  @Put('user')
  @Throttle({ default: { limit: 20, ttl: 15 * 60_000 } })
  @Endpoint({
    id: 'updateUser',
    summary: 'Change username, display name or password, or add an email (a confirmation link is mailed)',
    ok: UserDto,
    errors: [
      { status: HttpStatus.BAD_REQUEST, description: 'code invalid_current_password, current_password_required, password_too_common or password_weak' },
      { status: HttpStatus.UNAUTHORIZED, description: 'code reauthentication_required: changing the email or password needs a sign-in from the last 10 minutes' },
      { status: HttpStatus.CONFLICT, description: 'code email_taken' },
    ],
  })
  @Authenticated({ session: true })
  updateUser(@CurrentSession() principal: SessionPrincipal, @Body() body: UpdateUserDto, @Client() client: ClientInfo): Promise<UserDto> {
    return this.auth.updateUser(principal, body, client);
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  @Endpoint({ id: 'logout', summary: 'End this session, or (scope=global) every session of the user' })
  @Authenticated({ session: true })
  async logout(
    @CurrentSession() principal: SessionPrincipal,
    @Query() { scope }: LogoutQueryDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<void> {
    await this.auth.logout(principal.userId, principal.sessionId, scope ?? 'local');
    this.cookie.clear(res);
  }

  @Get('providers')
  @Endpoint({ id: 'getProviders', summary: 'Which OAuth providers are on', ok: ProvidersDto })
  providers(): ProvidersDto {
    const { oauth } = this.config;
    return { google: Boolean(oauth.google), facebook: Boolean(oauth.facebook), github: Boolean(oauth.github) };
  }

  /** Sets the refresh cookie; the token is in the body only for a client that sent its own in the body. */
  private respond(signedIn: SignedIn, res: FastifyReply, refreshInBody = false): SessionDto {
    this.cookie.set(res, signedIn.refreshToken);
    return refreshInBody ? { ...signedIn.body, refresh_token: signedIn.refreshToken } : signedIn.body;
  }
}
