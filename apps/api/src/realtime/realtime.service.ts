import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { WebSocket } from 'ws';
import { EventBus } from '../repositories/event-bus';
import { Metrics } from '../core/metrics/metrics';
import { HeartbeatWheel } from './heartbeat-wheel';
import type { ControlFrame, RealtimeEvent } from '../repositories/schema/realtime-event';

interface Connection {
  socket: WebSocket;
  userId?: string;
  channels: Set<string>;
  /** Whether it answered the last ping; one missed heartbeat and it is gone. */
  alive: boolean;
}

/**
 * Who is connected and subscribed to what, the rules for subscribing, delivery of the EventBus's events
 * to their channel's subscribers, and the heartbeat. RealtimeGateway only passes the sockets' traffic in.
 */
@Injectable()
export class RealtimeService implements OnApplicationBootstrap, OnModuleDestroy {
  static readonly heartbeatMs = 25_000;
  static readonly maxSubscriptions = 50;
  /** The same bytes for every heartbeat of every connection. */
  private static readonly heartbeatFrame = Buffer.from(JSON.stringify({ type: 'heartbeat', channel: null, data: {} } satisfies ControlFrame));

  private readonly connections = new Map<WebSocket, Connection>();
  /** Subscribers per channel, so an event costs its own subscribers and not every connection. */
  private readonly subscribers = new Map<string, Set<Connection>>();
  /** Each connection's heartbeat every 25 s, spread over the period (1% of the connections every 250 ms). */
  private readonly heartbeat = new HeartbeatWheel<Connection>(RealtimeService.heartbeatMs, 100, (connection) => this.beat(connection));
  private stopListening?: () => void;

  constructor(
    private readonly bus: EventBus,
    private readonly metrics: Metrics,
  ) {
    metrics.realtimeSockets.read(() => [[{}, this.connections.size]]);
  }

  onApplicationBootstrap(): void {
    this.stopListening = this.bus.onEvent((event) => this.deliver(event));
    this.heartbeat.start();
  }

  onModuleDestroy(): void {
    this.heartbeat.stop();
    this.stopListening?.();
    for (const socket of this.connections.keys()) socket.close(1001, 'Server shutting down');
  }

  connect(socket: WebSocket, userId: string | undefined): void {
    const connection: Connection = { socket, userId, channels: new Set(), alive: true };
    this.connections.set(socket, connection);
    this.heartbeat.add(connection);
    socket.on('pong', () => (connection.alive = true));
  }

  disconnect(socket: WebSocket): void {
    const connection = this.connections.get(socket);
    if (!connection) return;
    this.connections.delete(socket);
    this.heartbeat.delete(connection);
    for (const channel of connection.channels) this.leave(connection, channel);
  }

  subscribe(socket: WebSocket, channel: string): ControlFrame {
    const connection = this.connections.get(socket);
    if (!connection) return error('Not connected');
    if (channel.startsWith('user.') && channel !== `user.${connection.userId}`) {
      return error('user channels are only for their own signed-in user');
    }
    if (!connection.channels.has(channel) && connection.channels.size >= RealtimeService.maxSubscriptions) {
      return error(`At most ${RealtimeService.maxSubscriptions} subscriptions per connection`);
    }
    connection.channels.add(channel);
    let subscribers = this.subscribers.get(channel);
    if (!subscribers) this.subscribers.set(channel, (subscribers = new Set()));
    subscribers.add(connection);
    return { type: 'subscribed', channel, data: {} };
  }

  unsubscribe(socket: WebSocket, channel: string): ControlFrame {
    const connection = this.connections.get(socket);
    if (connection?.channels.delete(channel)) this.leave(connection, channel);
    return { type: 'unsubscribed', channel, data: {} };
  }

  /** Serialized and encoded once, whatever the number of subscribers; sent as the text frame it is. */
  deliver(event: RealtimeEvent): void {
    const subscribers = this.subscribers.get(event.channel);
    if (!subscribers) return;
    const frame = Buffer.from(JSON.stringify(event));
    let sent = 0;
    for (const { socket } of subscribers) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      socket.send(frame, { binary: false });
      sent++;
    }
    this.metrics.realtimeMessagesSent.inc(sent);
  }

  private leave(connection: Connection, channel: string): void {
    const subscribers = this.subscribers.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) this.subscribers.delete(channel);
  }

  private beat(connection: Connection): void {
    if (!connection.alive) {
      connection.socket.terminate();
      return;
    }
    connection.alive = false;
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    connection.socket.ping();
    connection.socket.send(RealtimeService.heartbeatFrame, { binary: false });
  }
}

function error(message: string): ControlFrame {
  return { type: 'error', channel: null, data: { message } };
}
