import { HttpException, Logger } from '@nestjs/common';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Principal } from '../auth/principals.service';
import { REALTIME_PATH } from './realtime-endpoint';

/** What the upgrade listener needs from whoever owns the WebSocket servers. */
export interface UpgradeTargets {
  /** The WebSocket server that answers upgrades on exactly this path, if any. */
  serverFor(path: string): WebSocketServer | undefined;
  /** The principal of an access token; rejects with the HttpException to answer when the token is refused. */
  authenticate(token: string): Promise<Principal>;
}

/** `connection` listeners of the servers get the principal of the upgrade's `?token=` after the request. */
export type ConnectionListener = (socket: WebSocket, request: IncomingMessage, principal: Principal | undefined) => void;

/**
 * The HTTP server's 'upgrade' listener for every WebSocket endpoint of the API.
 *
 * Node hands an upgrade over as the bare socket, with none of the listeners it keeps on HTTP connections:
 * an 'error' nobody listens to (a client resetting the connection while we answer) ends the process, and
 * so does anything thrown from a promise nobody awaits. So the socket gets its 'error' listener before
 * anything else happens, the request-target is read without anything that throws, every refusal is the
 * API's usual JSON error (docs/api-conventions.md, "Validation and errors"), and whatever still goes wrong becomes a 500 on that one
 * socket. An upgrade that passes is handed to the path's `ws` server with the caller's principal.
 */
export class WebSocketUpgrades {
  private readonly logger = new Logger('WebSocketUpgrades');
  private readonly prepared = new WeakSet<WebSocketServer>();

  constructor(private readonly targets: UpgradeTargets) {}

  /** For `httpServer.on('upgrade', …)`. */
  readonly listener = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', this.onSocketError);
    this.upgrade(request, socket, head).catch((e: unknown) => {
      this.logger.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
      refuse(socket, 500, 'Internal server error');
    });
  };

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const target = originForm(request.url);
    if (!target) return refuse(socket, 400, `The request-target must be a path, such as ${REALTIME_PATH}`);
    if (request.headers.upgrade?.trim().toLowerCase() !== 'websocket') return refuse(socket, 400, 'Only WebSocket upgrades are supported');
    const server = this.targets.serverFor(target.path);
    if (!server) return refuse(socket, 404, `Cannot ${request.method} ${target.path}`);
    if (request.method !== 'GET') return refuse(socket, 405, 'A WebSocket upgrade is a GET request', { Allow: 'GET' });

    let principal: Principal | undefined;
    const token = target.query.get('token');
    if (token) {
      try {
        principal = await this.targets.authenticate(token);
      } catch (e) {
        if (!(e instanceof HttpException)) throw e;
        return refuse(socket, e.getStatus(), e.getResponse());
      }
      // The client may have gone while its token was being checked; there is nobody left to answer.
      if (socket.destroyed) return;
    }

    this.prepare(server);
    server.handleUpgrade(request, socket, head, (ws) => {
      // From here the WebSocket listens for the socket's errors itself.
      socket.off('error', this.onSocketError);
      server.emit('connection', ws, request, principal);
    });
  }

  private readonly onSocketError = (e: Error): void => this.logger.debug(`upgrade socket error: ${e.message}`);

  /** `ws` checks the handshake's own headers; its refusals are answered in our JSON instead of its HTML. */
  private prepare(server: WebSocketServer): void {
    if (this.prepared.has(server)) return;
    this.prepared.add(server);
    server.on('wsClientError', (error: Error, socket: Duplex) => refuse(socket, 400, error.message, { 'Sec-WebSocket-Version': '13' }));
  }
}

/** The path and query of an origin-form request-target (`/path?query`), the only form a handshake uses (RFC 6455). */
function originForm(url: string | undefined): { path: string; query: URLSearchParams } | undefined {
  if (!url?.startsWith('/')) return undefined;
  const q = url.indexOf('?');
  // URLSearchParams takes any string (bad escapes stay as they are), unlike `new URL`, which throws.
  return q < 0 ? { path: url, query: new URLSearchParams() } : { path: url.slice(0, q), query: new URLSearchParams(url.slice(q + 1)) };
}

/** Answers an upgrade with `{ statusCode, error, message }` (plus what `payload` adds) and closes the socket. */
function refuse(socket: Duplex, status: number, payload: string | object, headers: Record<string, string> = {}): void {
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const error = STATUS_CODES[status] ?? 'Error';
  const body = JSON.stringify(typeof payload === 'string' ? { statusCode: status, error, message: payload } : { statusCode: status, error, ...payload });
  const head = {
    Connection: 'close',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  };
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${error}\r\n${Object.entries(head).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
}
