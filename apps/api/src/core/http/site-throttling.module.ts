import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { RateLimitStore } from '../../repositories/rate-limit-store';
import { RateLimitSweep } from './rate-limit-sweep.service';
import { SharedThrottlerStorage } from './shared-throttler-storage';

/**
 * The site's own limits (docs/request-path.md), counted in PostgreSQL so that every API process shares them: the
 * general flood guard in batches, routes with a @Throttle of their own exactly. SiteThrottlerGuard applies them.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [RateLimitStore],
      useFactory: (store: RateLimitStore) => ({ throttlers: [{ name: 'default', ttl: 60_000, limit: 600 }], storage: new SharedThrottlerStorage(store) }),
    }),
  ],
  providers: [RateLimitSweep],
  exports: [ThrottlerModule],
})
export class SiteThrottlingModule {}
