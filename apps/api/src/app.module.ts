import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './core/config/config';
import { ConfigModule } from './core/config/config.module';
import { WebAppModule } from './core/http/web-app.module';
import { CspReportsModule } from './core/http/csp-reports.module';
import { DatabaseModule } from './core/database/database.module';
import { RepositoriesModule } from './repositories/repositories.module';
import { HealthModule } from './core/health/health.module';
import { LoggingModule } from './core/logging/logging.module';
import { MetricsModule } from './core/metrics/metrics.module';
import { SiteModule } from './site/site.module';
import { AuthGuard } from './auth/auth.guard';
import { AuthModule } from './auth/auth.module';
import { RadioModule } from './radio/radio.module';
import { EventsModule } from './events/events.module';
import { BillingModule } from './billing/billing.module';
import { LiveModule } from './live/live.module';
import { StudioModule } from './studio/studio.module';
import { AssistantModule } from './assistant/assistant.module';
import { RealtimeModule } from './realtime/realtime.module';
import { ScheduleModule } from '@nestjs/schedule';
import { DeveloperModule } from './developer/developer.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { PrivacyModule } from './privacy/privacy.module';
import { PlaylistsModule } from './playlists/playlists.module';
import { SearchModule } from './search/search.module';
import { AdsModule } from './ads/ads.module';
import { SiteThrottlerGuard } from './core/http/site-throttler';
import { SiteThrottlingModule } from './core/http/site-throttling.module';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  /** The built web app to serve at /, when there is one. */
  webRoot?: string;
}

@Module({})
export class AppModule {
  static forRoot({ config, databaseUrl, webRoot }: AppModuleOptions): DynamicModule {
    // The built web app, its files precompressed by the build (core/http/web-app.module.ts).
    const serveWeb = webRoot && existsSync(path.join(webRoot, 'index.html')) ? [WebAppModule.forRoot(webRoot)] : [];
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        MetricsModule,
        DatabaseModule.forRoot(databaseUrl),
        RepositoriesModule,
        SiteThrottlingModule,
        HealthModule,
        SiteModule,
        CspReportsModule,
        AuthModule.forRoot(config),
        ScheduleModule.forRoot(),
        RealtimeModule,
        RadioModule,
        EventsModule,
        BillingModule,
        LiveModule,
        StudioModule,
        AssistantModule,
        DeveloperModule,
        WebhooksModule,
        PrivacyModule,
        PlaylistsModule,
        SearchModule,
        AdsModule,
        ...serveWeb,
      ],
      // The site's limits first, so a flood of bad tokens is throttled like any other request; a keyed request is
      // limited by its account's API plan instead, as soon as AuthGuard has found the key.
      providers: [
        { provide: APP_GUARD, useClass: SiteThrottlerGuard },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
    };
  }
}
