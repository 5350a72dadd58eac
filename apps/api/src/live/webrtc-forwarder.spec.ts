import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebRtcForwarder } from './webrtc-forwarder';

function listening<T extends Server | TcpServer>(server: T): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

describe('WebRtcForwarder', () => {
  const forwarder = new WebRtcForwarder();
  const closing: (() => void)[] = [];
  afterEach(() => {
    for (const close of closing.splice(0)) close();
  });

  it('sends the method, path, query, headers and body, and relays the status, the headers clients read and the body', async () => {
    let seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        res.writeHead(201, {
          'Content-Type': 'application/sdp',
          Location: '/api/v1/stream/whep/abc',
          Link: ['<stun:stun.example.org:3478>; rel="ice-server"', '<turn:turn.example.org:3478>; rel="ice-server"'],
          'Accept-Patch': 'application/trickle-ice-sdpfrag',
          'Set-Cookie': 'not=relayed',
          'X-Other': 'not relayed',
        });
        res.end('v=0\r\nanswer\r\n');
      });
    });
    const origin = await listening(server);
    closing.push(() => server.close());
    const answer = await forwarder.forward(origin, {
      method: 'POST',
      path: '/api/v1/stream/s1/whep?viewer=viewer-0123456789',
      headers: { 'content-type': 'application/sdp', authorization: 'Bearer t', 'x-grouarock-forwarded': 'mark' },
      body: 'v=0\r\noffer\r\n',
    });
    expect(seen).toMatchObject({ method: 'POST', url: '/api/v1/stream/s1/whep?viewer=viewer-0123456789', body: 'v=0\r\noffer\r\n' });
    expect(seen.headers).toMatchObject({ 'content-type': 'application/sdp', authorization: 'Bearer t', 'x-grouarock-forwarded': 'mark', 'content-length': '12' });
    expect(answer!.status).toBe(201);
    expect(answer!.body.toString()).toBe('v=0\r\nanswer\r\n');
    expect(answer!.headers).toEqual({
      'content-type': 'application/sdp',
      location: '/api/v1/stream/whep/abc',
      link: '<stun:stun.example.org:3478>; rel="ice-server", <turn:turn.example.org:3478>; rel="ice-server"',
      'accept-patch': 'application/trickle-ice-sdpfrag',
    });
  });

  it('relays an error answer as it is (the origin decided it), and a DELETE without a body', async () => {
    const server = createServer((req, res) => {
      res.writeHead(req.method === 'DELETE' ? 404 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '2' });
      res.end(JSON.stringify({ statusCode: 404, code: 'session_not_found' }));
    });
    const origin = await listening(server);
    closing.push(() => server.close());
    const answer = await forwarder.forward(origin, { method: 'DELETE', path: '/api/v1/stream/whep/abc', headers: {} });
    expect(answer!.status).toBe(404);
    expect(answer!.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'retry-after': '2' });
    expect(JSON.parse(answer!.body.toString())).toMatchObject({ code: 'session_not_found' });
  });

  it('gives undefined, not an error, when the origin is gone, does not answer in time, or is no URL', async () => {
    // A port nothing listens on: the process that had the stream died.
    const gone = createTcpServer();
    const goneOrigin = await listening(gone);
    await new Promise((resolve) => gone.close(resolve));
    expect(await forwarder.forward(goneOrigin, { method: 'DELETE', path: '/api/v1/stream/whep/abc', headers: {} })).toBeUndefined();

    // A process that takes the connection and never answers.
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => void sockets.push(socket));
    const silentOrigin = await listening(silent);
    closing.push(() => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    });
    const started = Date.now();
    expect(await forwarder.forward(silentOrigin, { method: 'POST', path: '/api/v1/stream/s1/whep', headers: {}, body: 'v=0' }, { connectMs: 200, answerMs: 300 })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);

    expect(await forwarder.forward('not a url', { method: 'DELETE', path: '/x', headers: {} })).toBeUndefined();
  });

  it('does not pass on an answer larger than an SDP answer can be', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/sdp' });
      res.end(Buffer.alloc(300 * 1024, 'a'));
    });
    const origin = await listening(server);
    closing.push(() => server.close());
    expect(await forwarder.forward(origin, { method: 'POST', path: '/api/v1/stream/s1/whep', headers: {}, body: 'v=0' })).toBeUndefined();
  });
});
