import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, isIPv6, type Server, type Socket } from 'node:net';

export interface IceTcpRelayOptions {
  /** The TCP port peers connect to (the passive candidate the answers announce), and the address it binds. */
  port: number;
  bind: string;
  /** The engine's UDP port (ICE UDP mux), reached on loopback (or on `bind` when it names one address). */
  enginePort: number;
  /** Connections at once; past them new ones are refused. */
  maxConnections?: number;
  /** How long a connection may take to send its first ICE check. */
  firstCheckMs?: number;
  /** How long a connection may stay silent both ways (ICE consent checks come every few seconds). */
  idleMs?: number;
  /** Bytes waiting to be written to a slow peer past which further datagrams to it are dropped, as UDP would. */
  maxQueuedBytes?: number;
}

/** RFC 4571 frames: a 16-bit length, then the datagram. */
const LENGTH_BYTES = 2;
/** A STUN message's fixed cookie (RFC 5389), at bytes 4-7: the first frame of every connection must be an ICE check. */
const STUN_COOKIE = 0x2112a442;
const STUN_BINDING_REQUEST = 0x0001;

/**
 * ICE over TCP for peers that cannot send UDP (docs/live.md, "Without UDP"): a passive TCP candidate (RFC 6544) whose
 * connections carry RFC 4571 frames, each one datagram of ICE, DTLS and SRTP. The engine (libdatachannel) speaks ICE
 * over UDP only, so each connection gets a UDP socket of its own on loopback, and its frames go to the engine's UDP
 * port from there, as datagrams: the engine takes that socket for the peer's (peer-reflexive) address, and every
 * datagram it sends back is framed onto the connection. ICE's checks are authenticated by the session's credentials,
 * not by addresses, so nothing here needs to know the session.
 *
 * Hostile input: a connection whose first frame is not a STUN binding request, or that sends nothing for
 * `firstCheckMs`, is closed; frames only ever reach the engine's own port; a peer that reads slower than its media
 * comes loses datagrams rather than holding memory.
 */
export class IceTcpRelay {
  private readonly server: Server;
  private readonly connections = new Set<Socket>();
  private readonly engine: { address: string; port: number; type: 'udp4' | 'udp6' };
  /** Datagrams dropped for peers that read too slowly, since the start. */
  dropped = 0;

  constructor(private readonly options: IceTcpRelayOptions) {
    const loopback = options.bind === '0.0.0.0' ? '127.0.0.1' : options.bind === '::' ? '::1' : options.bind;
    this.engine = { address: loopback, port: options.enginePort, type: isIPv6(loopback) ? 'udp6' : 'udp4' };
    this.server = createServer({ noDelay: true }, (socket) => this.accept(socket));
    this.server.maxConnections = options.maxConnections ?? 2000;
    this.server.on('error', () => undefined);
  }

  /** Listens; resolves with the port, rejects when it is taken. */
  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      const failed = (e: Error) => reject(new Error(`TCP ${this.options.port} on ${this.options.bind}: ${e.message}`));
      this.server.once('error', failed);
      this.server.listen(this.options.port, this.options.bind, () => {
        this.server.off('error', failed);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : this.options.port);
      });
    });
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  close(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.connections.add(socket);
    const maxQueued = this.options.maxQueuedBytes ?? 512 * 1024;
    let udp: UdpSocket | undefined;
    let pending: Buffer = Buffer.alloc(0);
    const end = () => {
      clearTimeout(firstCheck);
      this.connections.delete(socket);
      socket.destroy();
      udp?.close();
      udp = undefined;
    };
    const firstCheck = setTimeout(end, this.options.firstCheckMs ?? 10_000);
    socket.setTimeout(this.options.idleMs ?? 30_000, end);
    socket.on('error', end);
    socket.on('close', end);
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let at = 0;
      while (pending.length - at >= LENGTH_BYTES) {
        const size = pending.readUInt16BE(at);
        if (pending.length - at - LENGTH_BYTES < size) break;
        const frame = pending.subarray(at + LENGTH_BYTES, at + LENGTH_BYTES + size);
        at += LENGTH_BYTES + size;
        if (!udp) {
          if (!isBindingRequest(frame)) return end();
          clearTimeout(firstCheck);
          udp = this.openTo(socket, maxQueued, end);
        }
        if (size) udp.send(frame, this.engine.port, this.engine.address);
      }
      // What is left is the start of the next frame: copied, so the chunk it came in is not held.
      pending = at === 0 ? pending : Buffer.from(pending.subarray(at));
    });
  }

  /** The connection's own UDP socket: what the engine sends it is framed back onto the connection. */
  private openTo(socket: Socket, maxQueued: number, end: () => void): UdpSocket {
    const udp = createSocket(this.engine.type);
    udp.on('error', end);
    udp.on('message', (datagram, from) => {
      if (from.port !== this.engine.port || datagram.length > 0xffff) return;
      if (socket.writableLength > maxQueued) {
        this.dropped++;
        return;
      }
      const header = Buffer.allocUnsafe(LENGTH_BYTES);
      header.writeUInt16BE(datagram.length);
      socket.cork();
      socket.write(header);
      socket.write(datagram);
      socket.uncork();
    });
    udp.bind(0, this.engine.address);
    return udp;
  }
}

/** A STUN binding request (RFC 5389): its type (the first two bits zero) and the magic cookie. */
function isBindingRequest(frame: Buffer): boolean {
  return frame.length >= 20 && frame.readUInt16BE(0) === STUN_BINDING_REQUEST && frame.readUInt32BE(4) === STUN_COOKIE;
}
