import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { Principals } from '../auth/principals';
import { API_PREFIX } from '../core/http/openapi';
import { EventBus } from './event-bus';
import { CHANNEL, type RealtimeEvent } from './realtime-event';
import { type ConnectionListener, WebSocketUpgrades } from './websocket-upgrades';

interface Connection {
  socket: WebSocket;
  userId?: string;
  channels: Set<string>;
  alive: boolean;
}

/**
 * `/api/v1/realtime?token=…`: clients subscribe to channels and receive `{ type, channel, data }`.
 * `user.{id}` is only for that user; frames are small JSON commands, anything else gets an error frame.
 */
@Injectable()
export class RealtimeGateway implements OnApplicationBootstrap, OnModuleDestroy {
  static readonly path = `/${API_PREFIX}/realtime`;
  static readonly heartbeatMs = 25_000;
  static readonly maxSubscriptions = 50;
  static readonly maxFrameBytes = 4096;

  private readonly logger = new Logger('Realtime');
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: RealtimeGateway.maxFrameBytes });
  private readonly connections = new Set<Connection>();
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private httpServer?: Server;
  private readonly upgrades = new WebSocketUpgrades({
    serverFor: (path) => (path === RealtimeGateway.path ? this.server : undefined),
    authenticate: (token) => this.principals.fromAccessToken(token),
  });

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly bus: EventBus,
    private readonly principals: Principals,
  ) {}

  onApplicationBootstrap(): void {
    this.httpServer = this.adapterHost.httpAdapter.getHttpServer() as Server;
    this.httpServer.on('upgrade', this.upgrades.listener);
    this.server.on('connection', ((socket, _request, principal) => this.accept(socket, principal?.userId)) satisfies ConnectionListener);
    this.unsubscribe = this.bus.onEvent((event) => this.deliver(event));
    this.heartbeat = setInterval(() => this.beat(), RealtimeGateway.heartbeatMs);
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe?.();
    this.httpServer?.off('upgrade', this.upgrades.listener);
    for (const { socket } of this.connections) socket.close(1001, 'Server shutting down');
    this.server.close();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  private accept(socket: WebSocket, userId?: string): void {
    const connection: Connection = { socket, userId, channels: new Set(), alive: true };
    this.connections.add(connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (data, isBinary) => this.command(connection, data, isBinary));
    socket.on('close', () => this.connections.delete(connection));
    socket.on('error', (e) => this.logger.debug(`socket error: ${e.message}`));
  }

  private command(connection: Connection, data: RawData, isBinary: boolean): void {
    const fail = (message: string) => this.send(connection, { type: 'error', channel: null, data: { message } });
    if (isBinary) return fail('Frames must be JSON text');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return fail('Frames must be JSON: { "action": "subscribe" | "unsubscribe", "channel": "…" }');
    }
    const { action, channel } = (parsed ?? {}) as { action?: unknown; channel?: unknown };
    if (action !== 'subscribe' && action !== 'unsubscribe') return fail('action must be "subscribe" or "unsubscribe"');
    if (typeof channel !== 'string' || !CHANNEL.test(channel)) return fail('channel must be station.{id}, user.{id} or global.events');
    if (action === 'unsubscribe') {
      connection.channels.delete(channel);
      return this.send(connection, { type: 'unsubscribed', channel, data: {} });
    }
    if (channel.startsWith('user.') && channel !== `user.${connection.userId}`) {
      return fail('user channels are only for their own signed-in user');
    }
    if (!connection.channels.has(channel) && connection.channels.size >= RealtimeGateway.maxSubscriptions) {
      return fail(`At most ${RealtimeGateway.maxSubscriptions} subscriptions per connection`);
    }
    connection.channels.add(channel);
    this.send(connection, { type: 'subscribed', channel, data: {} });
  }

  private deliver(event: RealtimeEvent): void {
    const frame = JSON.stringify(event);
    for (const connection of this.connections) {
      if (connection.channels.has(event.channel) && connection.socket.readyState === WebSocket.OPEN) connection.socket.send(frame);
    }
  }

  private beat(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
      this.send(connection, { type: 'heartbeat', channel: null, data: {} });
    }
  }

  private send(connection: Connection, message: { type: string; channel: string | null; data: Record<string, unknown> }): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(message));
  }
}
