import { Global, Module } from '@nestjs/common';
import { EventBus } from './event-bus';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';

/** The WebSocket channel and the cross-process event bus every domain publishes to. */
@Global()
@Module({ providers: [EventBus, RealtimeService, RealtimeGateway], exports: [EventBus] })
export class RealtimeModule {}
