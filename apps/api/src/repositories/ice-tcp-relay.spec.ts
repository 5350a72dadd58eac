import { createSocket, type RemoteInfo, type Socket as UdpSocket } from 'node:dgram';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { IceTcpRelay } from './ice-tcp-relay';

/** A STUN binding request (RFC 5389): type 0x0001, no attributes, the magic cookie, a transaction id. */
function bindingRequest(id: number): Buffer {
  const message = Buffer.alloc(20);
  message.writeUInt16BE(0x0001, 0);
  message.writeUInt32BE(0x2112a442, 4);
  message.writeUInt32BE(id, 16);
  return message;
}

function framed(...datagrams: Buffer[]): Buffer {
  return Buffer.concat(datagrams.flatMap((d) => [Buffer.from([d.length >> 8, d.length & 0xff]), d]));
}

/** The engine's UDP port, stood in for by a socket that records what reaches it. */
async function engineSocket(): Promise<{ socket: UdpSocket; port: number; received: { data: Buffer; from: RemoteInfo }[] }> {
  const socket = createSocket('udp4');
  const received: { data: Buffer; from: RemoteInfo }[] = [];
  socket.on('message', (data, from) => received.push({ data, from }));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, port: socket.address().port, received };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('IceTcpRelay', () => {
  let engine: Awaited<ReturnType<typeof engineSocket>>;
  let relay: IceTcpRelay;
  let port: number;
  const clients: Socket[] = [];

  async function client(): Promise<{ socket: Socket; frames: Buffer[]; closed: Promise<unknown> }> {
    const socket = connect(port, '127.0.0.1');
    clients.push(socket);
    const frames: Buffer[] = [];
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        frames.push(pending.subarray(2, 2 + pending.readUInt16BE(0)));
        pending = pending.subarray(2 + pending.readUInt16BE(0));
      }
    });
    const closed = once(socket, 'close');
    await once(socket, 'connect');
    return { socket, frames, closed };
  }

  beforeEach(async () => {
    engine = await engineSocket();
    relay = new IceTcpRelay({ port: 0, bind: '127.0.0.1', enginePort: engine.port, firstCheckMs: 300 });
    port = await relay.listen();
  });

  afterEach(async () => {
    for (const socket of clients.splice(0)) socket.destroy();
    await relay.close();
    engine.socket.close();
  });

  it('sends each frame to the engine as a datagram from a UDP socket of the connection’s own, and frames what comes back', async () => {
    const a = await client();
    const b = await client();
    // Two frames in one write, then one frame split over two writes.
    a.socket.write(framed(bindingRequest(1), Buffer.from('dtls-hello')));
    const third = framed(Buffer.from('srtp-packet'));
    a.socket.write(third.subarray(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 30));
    a.socket.write(third.subarray(5));
    b.socket.write(framed(bindingRequest(2)));
    await until(() => engine.received.length === 4);

    const fromA = engine.received.filter((r) => r.from.port === engine.received[0].from.port).map((r) => r.data.toString('latin1'));
    expect(fromA).toEqual([bindingRequest(1).toString('latin1'), 'dtls-hello', 'srtp-packet']);
    const other = engine.received.find((r) => r.from.port !== engine.received[0].from.port)!;
    expect(other.data).toEqual(bindingRequest(2));

    // The engine answers each peer at the address it saw: each connection gets its own, framed.
    engine.socket.send(Buffer.from('to-a'), engine.received[0].from.port, '127.0.0.1');
    engine.socket.send(Buffer.from('to-b'), other.from.port, '127.0.0.1');
    await until(() => a.frames.length === 1 && b.frames.length === 1);
    expect(a.frames[0].toString()).toBe('to-a');
    expect(b.frames[0].toString()).toBe('to-b');

    // Anything else writing to a connection's UDP socket is not the engine: it does not reach the peer.
    const stranger = createSocket('udp4');
    stranger.send(Buffer.from('spoofed'), engine.received[0].from.port, '127.0.0.1');
    engine.socket.send(Buffer.from('again'), engine.received[0].from.port, '127.0.0.1');
    await until(() => a.frames.length === 2);
    expect(a.frames.map(String)).toEqual(['to-a', 'again']);
    stranger.close();
    expect(relay.connectionCount).toBe(2);
  });

  it('closes a connection whose first frame is not an ICE check, or that sends none in time, and relays nothing of it', async () => {
    const garbage = await client();
    garbage.socket.write(framed(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n')));
    await garbage.closed;
    const http = await client();
    http.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await http.closed;
    const silent = await client();
    await silent.closed;
    expect(engine.received).toEqual([]);
    await until(() => relay.connectionCount === 0);
  });

  it('drops datagrams for a peer that reads slower than they come, rather than holding them', async () => {
    await relay.close();
    relay = new IceTcpRelay({ port: 0, bind: '127.0.0.1', enginePort: engine.port, maxQueuedBytes: 64 * 1024 });
    port = await relay.listen();
    const slow = await client();
    slow.socket.write(framed(bindingRequest(3)));
    await until(() => engine.received.some((r) => r.data.equals(bindingRequest(3))));
    slow.socket.pause();
    const peer = engine.received.find((r) => r.data.equals(bindingRequest(3)))!.from.port;
    const packet = Buffer.alloc(1200, 7);
    // 24 MB, more than the kernel's socket buffers hold, in bursts the relay's UDP socket can take.
    for (let i = 0; i < 200 && relay.dropped === 0; i++) {
      for (let j = 0; j < 100; j++) engine.socket.send(packet, peer, '127.0.0.1');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(relay.dropped).toBeGreaterThan(0);
  });
});
