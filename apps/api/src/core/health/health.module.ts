import { Module } from '@nestjs/common';
import { Drain } from './drain';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({ controllers: [HealthController], providers: [HealthService, Drain], exports: [Drain] })
export class HealthModule {}
