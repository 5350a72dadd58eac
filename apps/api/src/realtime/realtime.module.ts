import { Module } from '@nestjs/common';
import { RealtimeTicketController } from './realtime-ticket.controller';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeService } from './realtime.service';

/** The WebSocket channel, fed by the cross-process event bus every domain publishes to. */
@Module({ controllers: [RealtimeTicketController], providers: [RealtimeService, RealtimeGateway] })
export class RealtimeModule {}
