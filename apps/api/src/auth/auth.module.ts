import { HttpModule } from '@nestjs/axios';
import { type DynamicModule, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { type AppConfig, resolveJwtSecret } from '../core/config/config';
import { AccessTokens } from './access-tokens';
import { AccountSecurityController } from './account-security.controller';
import { AccountSecurityService } from './account-security.service';
import { MfaService } from './mfa.service';
import { PasskeysService } from './passkeys.service';
import { Reauthentication } from './reauthentication';
import { SecurityLog } from './security-log.service';
import { AttemptLimiter } from '../core/http/attempt-limiter';
import { AuthMails } from './auth-mails';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailLinksService } from './email-links.service';
import { OAuthController } from './oauth/oauth.controller';
import { OAuthHttp } from './oauth/oauth-http';
import { OAuthService } from './oauth/oauth.service';
import { OAuthStrategyOptions, oauthStrategyProviders } from './oauth/oauth-strategies';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';
import { Principals } from './principals.service';
import { RefreshCookie } from './refresh-cookie';
import { SessionsService } from './sessions.service';

/** The audience every access token names and every check requires. */
export const ACCESS_TOKEN_AUDIENCE = 'grouarock';

@Module({})
export class AuthModule {
  static forRoot(config: AppConfig): DynamicModule {
    const issuer = config.publicUrl;
    return {
      module: AuthModule,
      // The global AuthGuard (AppModule) and the realtime gateway turn tokens into principals with Principals.
      global: true,
      imports: [
        PassportModule.register({ session: false }),
        HttpModule,
        JwtModule.register({
          secret: resolveJwtSecret(config),
          signOptions: { algorithm: 'HS256', issuer, audience: ACCESS_TOKEN_AUDIENCE },
          verifyOptions: { algorithms: ['HS256'], issuer, audience: ACCESS_TOKEN_AUDIENCE },
        }),
      ],
      controllers: [AuthController, AccountSecurityController, OAuthController],
      providers: [
        AuthService,
        SessionsService,
        AccessTokens,
        Principals,
        PasswordHasher,
        PasswordPolicy,
        EmailLinksService,
        AuthMails,
        AttemptLimiter,
        RefreshCookie,
        MfaService,
        PasskeysService,
        Reauthentication,
        SecurityLog,
        AccountSecurityService,
        OAuthService,
        OAuthStrategyOptions,
        OAuthHttp,
        ...oauthStrategyProviders(config),
      ],
      exports: [Principals, Reauthentication, SecurityLog],
    };
  }
}
