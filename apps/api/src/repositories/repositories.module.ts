import { HttpModule } from '@nestjs/axios';
import { Global, Module, type Provider } from '@nestjs/common';
import path from 'node:path';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { AccountSecurityRepository } from './account-security.repository';
import { ApiKeyRepository } from './api-key.repository';
import { AssistantModel } from './assistant-model';
import { BillingRepository } from './billing.repository';
import { ClientLogRepository } from './client-log.repository';
import { CspReportRepository } from './csp-report.repository';
import { DatabaseRepository } from './database.repository';
import { EmailTokenRepository } from './email-token.repository';
import { EventBus } from './event-bus';
import { EventRepository } from './event.repository';
import { Ffmpeg } from './ffmpeg';
import { HlsFiles } from './hls-files';
import { IdentityRepository } from './identity.repository';
import { JobQueue } from './job-queue';
import { LikeRepository } from './like.repository';
import { LiveStreamRepository } from './live-stream.repository';
import { LiveViewerRepository } from './live-viewer.repository';
import { Mailer } from './mailer';
import { LocalMediaStorage } from './local-media-storage';
import { MediaStorage } from './media-storage';
import { MeteredMediaStorage } from './metered-media-storage';
import { Metrics } from '../core/metrics/metrics';
import { MusicProvider } from './music-provider';
import { PlaylistRepository } from './playlist.repository';
import { PrivacyRepository } from './privacy.repository';
import { RateLimitStore } from './rate-limit-store';
import { RealtimeTicketRepository } from './realtime-ticket.repository';
import { RelayPresenceRepository } from './relay-presence.repository';
import { ScheduledJobRunRepository } from './scheduled-job-run.repository';
import { RtmpIngest } from './rtmp-ingest';
import { WebRtcEngine } from './webrtc-engine';
import { S3MediaStorage } from './s3-media-storage';
import { SessionRepository } from './session.repository';
import { StationRepository } from './station.repository';
import { StripeGateway } from './stripe-gateway';
import { StudioRepository } from './studio.repository';
import { TrackRepository } from './track.repository';
import { UpstreamConnector } from './upstream-connector';
import { UserRepository } from './user.repository';
import { VisitorRepository } from './visitor.repository';
import { WebhookRepository } from './webhook.repository';
import { WebhookSender } from './webhook-sender';
import { WeeklyTopRepository } from './weekly-top.repository';

/** One class per outside system: the database's tables, the event bus, the radio upstreams, the mail server, Stripe, ffmpeg, the RTMP server, the job queue, the media files and the music provider. */
const repositories = [
  AccountSecurityRepository,
  ApiKeyRepository,
  AssistantModel,
  BillingRepository,
  ClientLogRepository,
  CspReportRepository,
  DatabaseRepository,
  EmailTokenRepository,
  EventBus,
  EventRepository,
  Ffmpeg,
  HlsFiles,
  IdentityRepository,
  JobQueue,
  LikeRepository,
  LiveStreamRepository,
  LiveViewerRepository,
  Mailer,
  MusicProvider,
  PlaylistRepository,
  PrivacyRepository,
  RateLimitStore,
  RealtimeTicketRepository,
  RelayPresenceRepository,
  ScheduledJobRunRepository,
  RtmpIngest,
  WebRtcEngine,
  SessionRepository,
  StationRepository,
  StripeGateway,
  StudioRepository,
  TrackRepository,
  UpstreamConnector,
  UserRepository,
  VisitorRepository,
  WebhookRepository,
  WebhookSender,
  WeeklyTopRepository,
];

/** The media store the configuration names: a bucket with S3_BUCKET, else the local folder. */
const mediaStorage: Provider = {
  provide: MediaStorage,
  inject: [APP_CONFIG, Metrics],
  useFactory: (config: AppConfig, metrics: Metrics): MediaStorage =>
    new MeteredMediaStorage(config.media.s3 ? new S3MediaStorage(config.media.s3) : new LocalMediaStorage(path.join(config.dataDir, 'media')), metrics),
};

/** Every service may take any repository; only repositories speak SQL or another system's protocol. */
@Global()
@Module({ imports: [HttpModule], providers: [...repositories, mediaStorage], exports: [...repositories, MediaStorage] })
export class RepositoriesModule {}
