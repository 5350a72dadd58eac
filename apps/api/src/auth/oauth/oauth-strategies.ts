import { Inject, Injectable, type Provider } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { StateStore } from 'passport-oauth2';
import { Strategy as FacebookStrategy, type Profile as FacebookProfile } from 'passport-facebook';
import { Strategy as GitHubStrategy, type Profile as GitHubProfile } from 'passport-github2';
import { Strategy as GoogleStrategy, type Profile as GoogleProfile } from 'passport-google-oauth20';
import { type AppConfig, type OAuthProviderConfig, resolveJwtSecret } from '../../core/config/config';
import { APP_CONFIG } from '../../core/config/config.module';
import { API_PREFIX } from '../../core/http/openapi';
import type { OAuthProvider } from '../../repositories/schema/identity.entity';
import { RefreshCookie } from '../refresh-cookie';
import { SessionsService } from '../sessions.service';
import { OAuthHttp } from './oauth-http';
import type { OAuthProfile, OAuthState } from './oauth-profile';
import { type OAuthRequest, SignedCookieStateStore } from './oauth-state.store';

/** Builds the options every provider shares: our callback, the endpoint overrides, the state store. */
@Injectable()
export class OAuthStrategyOptions {
  private readonly store: SignedCookieStateStore;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
    private readonly cookie: RefreshCookie,
  ) {
    this.store = new SignedCookieStateStore(resolveJwtSecret(config), config.publicUrl.startsWith('https:'), (req) => this.describe(req));
  }

  for(provider: OAuthProvider) {
    const settings = this.config.oauth[provider] as OAuthProviderConfig;
    return {
      clientID: settings.clientId,
      clientSecret: settings.clientSecret,
      callbackURL: `${this.config.publicUrl}/${API_PREFIX}/auth/callback/${provider}`,
      // passport-oauth2 picks among the store's call signatures by arity; ours are the (req, meta, cb) ones.
      store: this.store as unknown as StateStore,
      ...(settings.authorizeUrl ? { authorizationURL: settings.authorizeUrl } : {}),
      ...(settings.tokenUrl ? { tokenURL: settings.tokenUrl } : {}),
    };
  }

  userinfoUrl(provider: OAuthProvider): string | undefined {
    return this.config.oauth[provider]?.userinfoUrl;
  }

  private async describe(req: OAuthRequest): Promise<OAuthState> {
    const { redirect_to: asked } = req.query as { redirect_to?: unknown };
    const redirectTo = typeof asked === 'string' && /^\/(?!\/)/.test(asked) ? asked : '/';
    const refreshToken = this.cookie.read(req);
    const session = refreshToken ? await this.sessions.peek(refreshToken) : undefined;
    return { redirectTo, ...(session?.user?.isAnonymous ? { linkUserId: session.userId } : {}) };
  }
}

@Injectable()
export class GoogleOAuthStrategy extends PassportStrategy(GoogleStrategy, 'google') {
  constructor(options: OAuthStrategyOptions, http: OAuthHttp) {
    const userinfo = options.userinfoUrl('google');
    super({ ...options.for('google'), scope: ['openid', 'email', 'profile'], ...(userinfo ? { userProfileURL: userinfo } : {}) });
    http.attach(this);
  }

  validate(_access: string, _refresh: string, profile: GoogleProfile): OAuthProfile {
    const email = profile.emails?.[0];
    const verified = (email as { verified?: boolean | string } | undefined)?.verified;
    return { provider: 'google', id: profile.id, email: email?.value?.toLowerCase(), emailVerified: verified === true || verified === 'true', displayName: profile.displayName };
  }
}

@Injectable()
export class GitHubOAuthStrategy extends PassportStrategy(GitHubStrategy, 'github') {
  constructor(options: OAuthStrategyOptions, http: OAuthHttp) {
    const userinfo = options.userinfoUrl('github');
    super({
      ...options.for('github'),
      scope: ['read:user', 'user:email'],
      allRawEmails: true,
      ...(userinfo ? { userProfileURL: userinfo, userEmailURL: `${userinfo}/emails` } : {}),
    });
    http.attach(this);
  }

  validate(_access: string, _refresh: string, profile: GitHubProfile): OAuthProfile {
    const emails = (profile.emails ?? []) as { value: string; primary?: boolean; verified?: boolean }[];
    const email = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified) ?? emails[0];
    return {
      provider: 'github',
      id: String(profile.id),
      email: email?.value?.toLowerCase(),
      emailVerified: email?.verified === true,
      displayName: profile.displayName || profile.username,
      username: profile.username,
    };
  }
}

@Injectable()
export class FacebookOAuthStrategy extends PassportStrategy(FacebookStrategy, 'facebook') {
  constructor(options: OAuthStrategyOptions, http: OAuthHttp) {
    const userinfo = options.userinfoUrl('facebook');
    super({ ...options.for('facebook'), scope: ['email'], profileFields: ['id', 'displayName', 'emails'], ...(userinfo ? { profileURL: userinfo } : {}) });
    http.attach(this);
  }

  validate(_access: string, _refresh: string, profile: FacebookProfile): OAuthProfile {
    // Facebook hands out only addresses it has confirmed.
    const email = profile.emails?.[0]?.value?.toLowerCase();
    return { provider: 'facebook', id: profile.id, email, emailVerified: Boolean(email), displayName: profile.displayName };
  }
}

const strategies: Record<OAuthProvider, new (options: OAuthStrategyOptions, http: OAuthHttp) => unknown> = {
  google: GoogleOAuthStrategy,
  facebook: FacebookOAuthStrategy,
  github: GitHubOAuthStrategy,
};

/** A strategy for each provider whose id and secret are set; the others do not exist at all. */
export function oauthStrategyProviders(config: AppConfig): Provider[] {
  return (Object.keys(strategies) as OAuthProvider[]).filter((p) => config.oauth[p]).map((p) => strategies[p] as Provider);
}
