import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';

/** The WebSocket channel, fed by the cross-process event bus every domain publishes to. */
@Module({ providers: [RealtimeService, RealtimeGateway] })
export class RealtimeModule {}
