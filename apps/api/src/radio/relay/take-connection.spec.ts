import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { takeConnection } from './take-connection';

/** Resolves once `probe` holds, checking on every turn of the event loop (no timing involved). */
async function until(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((r) => setImmediate(r));
}

describe('takeConnection', () => {
  let server: Server;
  let taken: { socket: Socket | undefined; req: IncomingMessage }[];
  let requests: number;
  let client: Socket;
  let received: string;

  beforeEach(async () => {
    taken = [];
    requests = 0;
    received = '';
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      requests++;
      const socket = takeConnection(req, res);
      taken.push({ socket, req });
      socket?.write('HTTP/1.1 200 OK\r\nContent-Type: audio/mpeg\r\nConnection: close\r\n\r\n');
      socket?.write('audio-1');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    client.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    client.write('GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until(() => received.includes('audio-1'));
  });

  afterEach(async () => {
    client.destroy();
    for (const { socket } of taken) socket?.destroy();
    // server.close() goes over the server's connections: the one taken must not be among them any more.
    await new Promise((r) => server.close(r));
  });

  it('hands over the socket with the HTTP server let go of it: its parser freed, its listeners gone', async () => {
    const [{ socket, req }] = taken;
    expect(socket).toBeDefined();
    // The parser is let go on the next turn of the event loop.
    await until(() => !(socket as Socket & { parser?: unknown }).parser);
    expect((socket as Socket & { parser?: unknown }).parser ?? null).toBeNull();
    expect((req as IncomingMessage & { parser?: unknown }).parser ?? null).toBeNull();
    for (const event of ['data', 'drain', 'timeout', 'resume', 'pause']) expect(socket?.listenerCount(event)).toBe(0);
    // Ours only: ending on the client's half-close, destroying on an error.
    expect(socket?.listenerCount('end')).toBe(1);
    expect(socket?.listenerCount('error')).toBe(1);
    expect(received.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
  });

  it('keeps writing to the listener, and discards what the client sends: no second request starts on it', async () => {
    const [{ socket }] = taken;
    const before = socket?.bytesRead ?? 0;
    const second = 'GET /other HTTP/1.1\r\nHost: localhost\r\n\r\n';
    client.write(second);
    await until(() => (socket?.bytesRead ?? 0) >= before + second.length);
    socket?.write('audio-2');
    await until(() => received.includes('audio-2'));
    expect(requests).toBe(1);
    expect(received).not.toContain('HTTP/1.1 400');
  });

  it("ends our side when the client half-closes, after what was queued, and closes when the client is gone", async () => {
    const [{ socket }] = taken;
    let clientEnded = false;
    client.on('end', () => (clientEnded = true));
    let closed = false;
    socket?.on('close', () => (closed = true));
    socket?.write('audio-3');
    client.end();
    await until(() => clientEnded);
    expect(received).toContain('audio-3');
    await until(() => closed);
  });

  it('leaves the socket alone when the client left before the answer', async () => {
    const res = { socket: null } as unknown as ServerResponse;
    expect(takeConnection({} as IncomingMessage, res)).toBeUndefined();
    const [{ socket }] = taken;
    socket?.destroy();
    const gone = { socket, detachSocket: jest.fn() } as unknown as ServerResponse;
    expect(takeConnection({} as IncomingMessage, gone)).toBeUndefined();
    expect(gone.detachSocket).not.toHaveBeenCalled();
    await until(() => socket?.closed === true);
  });
});
