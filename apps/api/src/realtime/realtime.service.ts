import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { WebSocket } from 'ws';
import { EventBus } from './event-bus';
import type { ControlFrame, RealtimeEvent } from './realtime-event';

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

  private readonly connections = new Map<WebSocket, Connection>();
  /** Subscribers per channel, so an event costs its own subscribers and not every connection. */
  private readonly subscribers = new Map<string, Set<Connection>>();
  private heartbeat?: NodeJS.Timeout;
  private stopListening?: () => void;

  constructor(private readonly bus: EventBus) {}

  onApplicationBootstrap(): void {
    this.stopListening = this.bus.onEvent((event) => this.deliver(event));
    this.heartbeat = setInterval(() => this.beat(), RealtimeService.heartbeatMs);
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
    this.stopListening?.();
    for (const socket of this.connections.keys()) socket.close(1001, 'Server shutting down');
  }

  connect(socket: WebSocket, userId: string | undefined): void {
    const connection: Connection = { socket, userId, channels: new Set(), alive: true };
    this.connections.set(socket, connection);
    socket.on('pong', () => (connection.alive = true));
  }

  disconnect(socket: WebSocket): void {
    const connection = this.connections.get(socket);
    if (!connection) return;
    this.connections.delete(socket);
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

  /** Serialized once, whatever the number of subscribers: that is most of a broadcast's cost. */
  deliver(event: RealtimeEvent): void {
    const subscribers = this.subscribers.get(event.channel);
    if (!subscribers) return;
    const frame = JSON.stringify(event);
    for (const { socket } of subscribers) if (socket.readyState === WebSocket.OPEN) socket.send(frame);
  }

  private leave(connection: Connection, channel: string): void {
    const subscribers = this.subscribers.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) this.subscribers.delete(channel);
  }

  private beat(): void {
    const frame = JSON.stringify({ type: 'heartbeat', channel: null, data: {} } satisfies ControlFrame);
    for (const connection of this.connections.values()) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      if (connection.socket.readyState !== WebSocket.OPEN) continue;
      connection.socket.ping();
      connection.socket.send(frame);
    }
  }
}

function error(message: string): ControlFrame {
  return { type: 'error', channel: null, data: { message } };
}
