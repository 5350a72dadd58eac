import { createServer, request, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { type Balancer, startBalancer } from './support/balancer';
import { freePort } from './support/free-port';

/**
 * The deployment's balancer (deploy/nginx/templates/grouarock.conf.template, in a real nginx) in front of three
 * replicas that hold realtime sockets and answer requests: the requests are spread by what each replica is answering,
 * whatever sockets each one holds.
 */
describe('the balancer spreads requests over the replicas whatever sockets they hold', () => {
  const replicas: { server: Server; port: number; requests: number; sockets: Socket[] }[] = [];
  const clients: Socket[] = [];
  let balancer: Balancer;

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const replica = { server: createServer(), port: await freePort(), requests: 0, sockets: [] as Socket[] };
      replica.server.on('request', (_req, res) => {
        replica.requests++;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
      });
      // A realtime socket: accepted, and held open as the API holds it.
      replica.server.on('upgrade', (_req, socket: Socket) => {
        replica.sockets.push(socket);
        socket.on('error', () => undefined);
        socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      });
      replicas.push(replica);
    }
    // The third replica is away (restarting) while the sockets connect, as in a rolling restart.
    for (const replica of replicas.slice(0, 2)) await new Promise<void>((resolve) => replica.server.listen(replica.port, '127.0.0.1', resolve));
    balancer = await startBalancer(replicas.map((r) => `127.0.0.1:${r.port}`));
  });

  afterAll(async () => {
    for (const client of clients) client.destroy();
    await balancer?.stop();
    for (const replica of replicas) {
      for (const socket of replica.sockets) socket.destroy();
      await new Promise((resolve) => replica.server.close(resolve));
    }
  });

  const openSocket = () =>
    new Promise<Socket>((resolve, reject) => {
      const req = request(`${balancer.base}/api/v1/realtime`, { headers: { Connection: 'Upgrade', Upgrade: 'websocket' } });
      req.on('upgrade', (_res, socket) => resolve(socket));
      req.on('response', (res) => reject(new Error(`answered ${res.statusCode} instead of switching protocols`)));
      req.on('error', reject);
      req.end();
    });

  it('sends requests to a replica that came back with no sockets and to the two holding them all alike', async () => {
    for (let i = 0; i < 30; i++) clients.push(await openSocket());
    expect(replicas.map((r) => r.sockets.length)).toEqual([15, 15, 0]);
    await new Promise<void>((resolve) => replicas[2].server.listen(replicas[2].port, '127.0.0.1', resolve));

    for (let i = 0; i < 60; i++) expect((await fetch(`${balancer.base}/api/v1/radio/stations`)).status).toBe(200);
    // One request at a time: each replica answers none when asked, so they take turns (least_conn's ties).
    expect(replicas.map((r) => r.requests)).toEqual([20, 20, 20]);
    // The sockets are still open through the balancer.
    expect(clients.every((c) => !c.destroyed)).toBe(true);
  });

  it('spreads new sockets by the sockets each replica holds', async () => {
    for (let i = 0; i < 15; i++) clients.push(await openSocket());
    expect(replicas.map((r) => r.sockets.length)).toEqual([15, 15, 15]);
  });
});
