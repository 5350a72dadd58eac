import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { ErrorDto } from '../core/http/error.dto';
import { AccessTokenGuard, CurrentPrincipal, type Principal } from './auth.guard';
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
  @ApiOperation({ operationId: 'signUp', summary: 'Create an account; a confirmation link is mailed' })
  @ApiCreatedResponse({ type: SignUpResultDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'code user_already_exists' })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  signUp(@Body() body: SignUpDto): Promise<SignUpResultDto> {
    return this.auth.signUp(body);
  }

  @Post('token')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @ApiOperation({
    operationId: 'token',
    summary: 'Sign in with email and password, or trade the refresh token (cookie) for a new session token',
  })
  @ApiOkResponse({ type: SessionDto, description: 'The refresh token is set as an httpOnly cookie' })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'code invalid_credentials' })
  @ApiForbiddenResponse({ type: ErrorDto, description: 'code email_not_confirmed' })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'code invalid_refresh_token or refresh_token_reused' })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  async token(
    @Query() { grant_type }: TokenQueryDto,
    @Body() body: TokenRequestDto,
    @Client() client: ClientInfo,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
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
  @ApiOperation({ operationId: 'signInAnonymously', summary: 'Start a session for a new anonymous user' })
  @ApiCreatedResponse({ type: SessionDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  async anonymous(@Client() client: ClientInfo, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    return this.respond(await this.auth.signInAnonymously(client), res);
  }

  @Get('verify')
  @ApiOperation({ operationId: 'verifyEmail', summary: 'The link from the confirmation mail: confirms, signs in, goes to the site' })
  @ApiFoundResponse({ description: 'To / signed in, or to /auth?error=link_invalid' })
  async verify(@Query() { token }: VerifyQueryDto, @Client() client: ClientInfo, @Res() res: Response): Promise<void> {
    try {
      this.respond(await this.auth.confirmEmail(token, client), res);
      res.redirect(302, `${this.config.publicUrl}/`);
    } catch {
      res.redirect(302, `${this.config.publicUrl}/auth?error=link_invalid`);
    }
  }

  @Post('resend')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 5, ttl: 15 * 60_000 } })
  @ApiOperation({ operationId: 'resendConfirmation', summary: 'Mail the confirmation link again' })
  @ApiOkResponse({ type: MessageDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  async resend(@Body() { email }: EmailDto): Promise<MessageDto> {
    await this.auth.resendConfirmation(email);
    return { message: neutralMail };
  }

  @Post('recover')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 5, ttl: 15 * 60_000 } })
  @ApiOperation({ operationId: 'recoverPassword', summary: 'Mail a link to set a new password' })
  @ApiOkResponse({ type: MessageDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  async recover(@Body() { email }: EmailDto): Promise<MessageDto> {
    await this.auth.recover(email);
    return { message: neutralMail };
  }

  @Post('reset')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 10, ttl: 15 * 60_000 } })
  @ApiOperation({ operationId: 'resetPassword', summary: 'Set a new password with the recovery link, and sign in' })
  @ApiOkResponse({ type: SessionDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'code invalid_token' })
  async reset(@Body() body: ResetPasswordDto, @Client() client: ClientInfo, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    return this.respond(await this.auth.resetPassword(body.token, body.password, client), res);
  }

  @Get('user')
  @UseGuards(AccessTokenGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'getUser', summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserDto })
  @ApiUnauthorizedResponse({ type: ErrorDto })
  getUser(@CurrentPrincipal() principal: Principal): Promise<UserDto> {
    return this.auth.getUser(principal.userId);
  }

  @Put('user')
  @UseGuards(AccessTokenGuard)
  @Throttle({ default: { limit: 20, ttl: 15 * 60_000 } })
  @ApiBearerAuth()
  @ApiOperation({
    operationId: 'updateUser',
    summary: 'Change username, display name or password, or add an email (a confirmation link is mailed)',
  })
  @ApiOkResponse({ type: UserDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'code invalid_current_password or current_password_required' })
  @ApiConflictResponse({ type: ErrorDto, description: 'code email_taken' })
  @ApiUnauthorizedResponse({ type: ErrorDto })
  updateUser(@CurrentPrincipal() principal: Principal, @Body() body: UpdateUserDto): Promise<UserDto> {
    return this.auth.updateUser(principal.userId, principal.sessionId, body);
  }

  @Post('logout')
  @UseGuards(AccessTokenGuard)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'logout', summary: 'End this session, or (scope=global) every session of the user' })
  @ApiNoContentResponse()
  @ApiUnauthorizedResponse({ type: ErrorDto })
  async logout(
    @CurrentPrincipal() principal: Principal,
    @Query() { scope }: LogoutQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.auth.logout(principal.userId, principal.sessionId, scope ?? 'local');
    this.cookie.clear(res);
  }

  @Get('providers')
  @ApiOperation({ operationId: 'getProviders', summary: 'Which OAuth providers are on' })
  @ApiOkResponse({ type: ProvidersDto })
  providers(): ProvidersDto {
    const { oauth } = this.config;
    return { google: Boolean(oauth.google), facebook: Boolean(oauth.facebook), github: Boolean(oauth.github) };
  }

  /** Sets the refresh cookie; the token is in the body only for a client that sent its own in the body. */
  private respond(signedIn: SignedIn, res: Response, refreshInBody = false): SessionDto {
    this.cookie.set(res, signedIn.refreshToken);
    return refreshInBody ? { ...signedIn.body, refresh_token: signedIn.refreshToken } : signedIn.body;
  }
}
