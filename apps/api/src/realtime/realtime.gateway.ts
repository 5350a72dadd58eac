import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/principals.service';
import { MALFORMED } from './realtime-commands';
import { REALTIME_MAX_FRAME_BYTES, REALTIME_PATH } from './realtime-endpoint';
import type { ControlFrame } from '../repositories/schema/realtime-event';
import { RealtimeService } from './realtime.service';

/**
 * `/api/v1/realtime?token=…` (docs/api-conventions.md, "Realtime"): clients send `{ action, channel }` and receive
 * `{ type, channel, data }`. RealtimeAdapter admits the connection (the token, when given, must be valid)
 * and turns each frame into one of the messages below; what is returned is sent back as the answer.
 * A frame over the size limit closes the connection (1009).
 */
@WebSocketGateway({ path: REALTIME_PATH, maxPayload: REALTIME_MAX_FRAME_BYTES })
export class RealtimeGateway implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket> {
  constructor(private readonly realtime: RealtimeService) {}

  /** `principal` is the upgrade's, passed by WebSocketUpgrades after the request. */
  handleConnection(socket: WebSocket, _request: IncomingMessage, principal?: Principal): void {
    this.realtime.connect(socket, principal?.userId);
  }

  handleDisconnect(socket: WebSocket): void {
    this.realtime.disconnect(socket);
  }

  @SubscribeMessage('subscribe')
  subscribe(@ConnectedSocket() socket: WebSocket, @MessageBody() channel: string): ControlFrame {
    return this.realtime.subscribe(socket, channel);
  }

  @SubscribeMessage('unsubscribe')
  unsubscribe(@ConnectedSocket() socket: WebSocket, @MessageBody() channel: string): ControlFrame {
    return this.realtime.unsubscribe(socket, channel);
  }

  @SubscribeMessage(MALFORMED)
  malformed(@MessageBody() message: string): ControlFrame {
    return { type: 'error', channel: null, data: { message } };
  }
}
