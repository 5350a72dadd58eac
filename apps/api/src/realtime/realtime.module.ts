import { Global, Module } from '@nestjs/common';
import { EventBus } from './event-bus';
import { RealtimeGateway } from './realtime.gateway';

/** The WebSocket channel and the cross-process event bus every domain publishes to. */
@Global()
@Module({ providers: [EventBus, RealtimeGateway], exports: [EventBus] })
export class RealtimeModule {}
