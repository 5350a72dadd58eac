import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { MetricsServer } from './metrics-server';
import { ScheduledJobs } from './scheduled-jobs';

/** The process's figures (docs/metrics.md): every module counts into Metrics; MetricsServer serves them on METRICS_PORT. */
@Global()
@Module({ providers: [Metrics, MetricsServer, ScheduledJobs], exports: [Metrics, MetricsServer, ScheduledJobs] })
export class MetricsModule {}
