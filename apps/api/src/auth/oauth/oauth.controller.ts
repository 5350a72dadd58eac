import { Controller, Get, HttpStatus, Inject, Logger, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { Endpoint } from '../../core/http/endpoint.decorator';
import { ApiFoundResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import passport from 'passport';
import type { AppConfig } from '../../core/config/config';
import { APP_CONFIG } from '../../core/config/config.module';
import { AuthorizeQueryDto } from '../auth.dto';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../repositories/schema/identity.entity';
import type { ClientInfo } from '../auth.service';
import { takeOver } from '../../core/http/take-over';
import { Client } from '../client-info.decorator';
import { RefreshCookie } from '../refresh-cookie';
import { secondStepUrl } from '../auth-errors';
import type { OAuthProfile, OAuthState } from './oauth-profile';
import type { OAuthRequest } from './oauth-state.store';
import { OAuthService } from './oauth.service';

@ApiTags('auth')
@Controller('auth')
export class OAuthController {
  private readonly logger = new Logger('OAuth');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oauth: OAuthService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Get('authorize')
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiFoundResponse({ description: "To the provider's consent page" })
  @Endpoint({
    id: 'authorize',
    summary: 'Browser navigation: go to the provider to sign in (or link an anonymous account)',
    errors: [{ status: HttpStatus.NOT_FOUND, description: 'The provider is not configured' }],
  })
  authorize(@Query() { provider }: AuthorizeQueryDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    this.enabled(provider);
    const [request, res] = this.handOver(req, reply);
    passport.authenticate(provider, { session: false })(request, res, (err?: unknown) => {
      if (err) this.fail(res, err);
    });
  }

  @Get('callback/:provider')
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiFoundResponse({ description: 'To the site signed in, or to /auth?error=oauth' })
  @Endpoint({ id: 'oauthCallback', summary: 'Where the provider sends the browser back' })
  callback(@Param('provider') provider: string, @Client() client: ClientInfo, @Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    if (!(OAUTH_PROVIDERS as readonly string[]).includes(provider)) throw new NotFoundException(`Unknown provider ${provider}`);
    this.enabled(provider as OAuthProvider);
    const [request, res] = this.handOver(req, reply);
    const next = (err?: unknown) => this.fail(res, err);
    passport.authenticate(provider, { session: false }, (err: unknown, profile: OAuthProfile | false, info?: { state?: OAuthState }) => {
      if (err || !profile || !info?.state) {
        this.fail(res, err ?? 'the provider did not return a profile');
        return;
      }
      const state = info.state;
      this.oauth.signIn(profile, state, client).then(
        (signedIn) => {
          this.cookie.set(res, signedIn.refreshToken);
          redirect(res, `${this.config.publicUrl}${state.redirectTo}`);
        },
        (e: unknown) => {
          const secondStep = secondStepUrl(this.config.publicUrl, e, state.redirectTo);
          if (secondStep) redirect(res, secondStep);
          else this.fail(res, e);
        },
      );
    })(request, res, next);
  }

  private enabled(provider: OAuthProvider): void {
    if (!this.config.oauth[provider]) throw new NotFoundException(`Sign-in with ${provider} is not enabled`);
  }

  /**
   * passport answers on node's response (its redirects set headers and end it), so Fastify lets go of this one
   * (take-over.ts) and passport gets Fastify's request with it as `req.res`, where the state store writes its cookie.
   */
  private handOver(req: FastifyRequest, reply: FastifyReply): [OAuthRequest, ServerResponse] {
    const res = takeOver(reply);
    return [Object.assign(req, { res }), res];
  }

  private fail(res: ServerResponse, reason: unknown): void {
    this.logger.warn(`OAuth sign-in failed: ${reason instanceof Error ? reason.message : String(reason)}`);
    if (!res.headersSent) redirect(res, `${this.config.publicUrl}/auth?error=oauth`);
  }
}

/** A 302 to `location` with an empty body, as passport's own redirects are. */
function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 302;
  res.setHeader('Location', location);
  res.setHeader('Content-Length', '0');
  res.end();
}
