import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { Server } from 'node:http';
import type { WebSocket, WebSocketServer } from 'ws';
import { Principals } from '../auth/principals.service';
import { parseCommand } from './realtime-commands';
import { WebSocketUpgrades } from './websocket-upgrades';

/** The HTTP server's own port, as Nest's WsAdapter names gateways that share it. */
const APP_SERVER_PORT = 0;

/**
 * Nest's WsAdapter (from @nestjs/platform-ws) for our gateways, set in configureApp, with three changes:
 * - frames are our `{ action, channel }` commands, which parseCommand maps to @SubscribeMessage events;
 * - upgrades reach the gateways through WebSocketUpgrades, never through the stock 'upgrade' listener,
 *   which drops an unknown path without an answer and writes its 400 on a socket with no 'error'
 *   listener (a client resetting then ends the process);
 * - a client's socket errors (resets, oversized frames) are logged at debug: hostile input is normal.
 */
export class RealtimeAdapter extends WsAdapter {
  constructor(private readonly app: INestApplicationContext) {
    super(app, { messageParser: parseCommand });
  }

  protected override ensureHttpServerExists(port: number, httpServer?: Server): Server | undefined {
    if (port !== APP_SERVER_PORT || !httpServer) return super.ensureHttpServerExists(port, httpServer);
    if (this.httpServersRegistry.has(port)) return undefined;
    this.httpServersRegistry.set(port, httpServer);
    // Resolved here, at init, and not in the constructor: configureApp also runs for the OpenAPI preview,
    // where no provider is ever built.
    const principals = this.app.get(Principals);
    const upgrades = new WebSocketUpgrades({
      serverFor: (path) => (this.wsServersRegistry.get(port) as (WebSocketServer & { path: string })[] | undefined)?.find((s) => s.path === path),
      authenticate: (token) => principals.fromSocketToken(token),
    });
    httpServer.on('upgrade', upgrades.listener);
    return httpServer;
  }

  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (socket: WebSocket) => socket.on('error', (e) => this.logger.debug(`client socket error: ${e.message}`)));
    server.on('error', (e) => this.logger.error(e));
    return server;
  }
}
