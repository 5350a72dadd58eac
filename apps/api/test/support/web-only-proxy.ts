import { createServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/** Chromium's switch for a network where WebRTC may use UDP only through a proxy (and TCP, through it if there is one). */
export const NO_UDP_ARGS = ['--force-webrtc-ip-handling-policy=disable_non_proxied_udp'];

/**
 * An HTTP proxy that lets the web through and nothing else, as a strict office network does: plain HTTP requests and
 * CONNECT tunnels to `allowedPorts` (the site, its sockets) pass, every other destination is refused with 403 and
 * recorded. A browser told to send everything through it (`launchArgs`) with WebRTC kept off UDP reaches neither the
 * WebRTC engine's UDP port nor its TCP one: its player has to fall back to HLS.
 */
export class WebOnlyProxy {
  /** `host:port` of every destination refused, in order. */
  readonly refused: string[] = [];
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly allowedPorts: number[]) {}

  async start(): Promise<string> {
    const server = createServer((incoming, outgoing) => {
      let target: URL;
      try {
        target = new URL(incoming.url ?? '');
      } catch {
        return void outgoing.writeHead(400).end();
      }
      if (!this.allowedPorts.includes(Number(target.port || 80))) {
        this.refused.push(target.host);
        return void outgoing.writeHead(403).end();
      }
      const upstream = request({ host: target.hostname, port: target.port || 80, path: `${target.pathname}${target.search}`, method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.on('error', () => outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end());
      incoming.pipe(upstream);
    });
    server.on('connect', (incoming, client: Socket, head: Buffer) => {
      this.track(client);
      const [host, port] = splitHostPort(incoming.url ?? '');
      if (!host || !this.allowedPorts.includes(port)) {
        this.refused.push(incoming.url ?? '');
        return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      }
      const upstream = this.track(connect(port, host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      }));
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    server.on('connection', (socket) => this.track(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  /** Chromium's switches to send everything through the proxy at `url`, loopback too, and WebRTC over TCP only. */
  static launchArgs(url: string): string[] {
    return [`--proxy-server=${url}`, '--proxy-bypass-list=<-loopback>', ...NO_UDP_ARGS];
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return socket;
  }
}

function splitHostPort(authority: string): [string, number] {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(authority);
  return match ? [match[1], Number(match[2])] : ['', 0];
}
