import { Logger, UnauthorizedException } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { Principal } from '../auth/principals.service';
import { type ConnectionListener, type UpgradeTargets, WebSocketUpgrades } from './websocket-upgrades';

const alice: Principal = { via: 'session', userId: 'alice', sessionId: 's1', isAnonymous: false, authenticatedAt: new Date(), aal: 'aal1' };

describe('WebSocketUpgrades', () => {
  let http: Server;
  let wss: WebSocketServer;
  let port: number;
  let authenticate: UpgradeTargets['authenticate'];

  // The 500 case logs its cause on purpose; keep the run quiet.
  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(async () => {
    wss = new WebSocketServer({ noServer: true });
    authenticate = (token) => (token === 'good' ? Promise.resolve(alice) : Promise.reject(new UnauthorizedException({ message: 'nope', code: 'invalid_access_token' })));
    const upgrades = new WebSocketUpgrades({ serverFor: (path) => (path === '/ws' ? wss : undefined), authenticate: (token) => authenticate(token) });
    http = createServer().on('upgrade', upgrades.listener);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as { port: number }).port;
  });

  afterEach(async () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
    await new Promise((resolve) => http.close(resolve));
  });

  /** The raw answer to a handshake for `target`. */
  function answer(target: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let raw = '';
      const socket = connect(port, '127.0.0.1');
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      socket.on('close', () => resolve(raw));
      socket.once('connect', () =>
        socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`),
      );
    });
  }

  it('hands an accepted upgrade to the path’s server with the token’s principal, or none without a token', async () => {
    const seen: (Principal | undefined)[] = [];
    wss.on('connection', ((_socket, _request, principal) => seen.push(principal)) satisfies ConnectionListener);
    for (const query of ['?token=good', '', '?token=']) {
      const client = new WebSocket(`ws://127.0.0.1:${port}/ws${query}`);
      await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
      client.terminate();
    }
    expect(seen).toEqual([alice, undefined, undefined]);
  });

  it('answers a refused token with the exception’s own status and body', async () => {
    const raw = await answer('/ws?token=bad');
    expect(raw).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'nope', code: 'invalid_access_token' });
  });

  it('answers a failure to check the token (the database being down) with a 500 on that socket only', async () => {
    authenticate = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const raw = await answer('/ws?token=good');
    expect(raw).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n/);
    expect(raw).toContain('{"statusCode":500,"error":"Internal Server Error","message":"Internal server error"}');
    expect(raw).not.toContain('ECONNREFUSED');
  });

  it('neither throws nor writes when the client resets while its token is being checked', async () => {
    let release = () => undefined as void;
    authenticate = () => new Promise((resolve) => (release = () => resolve(alice)));
    const connected = jest.fn();
    wss.on('connection', connected);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /ws?token=good HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connected).not.toHaveBeenCalled();
  });
});
