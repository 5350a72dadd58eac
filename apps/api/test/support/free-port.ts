import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/** A loopback port free right now, for a server a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A loopback UDP port for a WebRTC engine a test starts, free right now, below the kernel's ephemeral range
 * (32768-60999 here): the suite's WebRTC client peers and ffmpeg bind ephemeral UDP ports all the time, in parallel
 * test processes too, and one could take a port picked from that range before the engine binds it.
 */
export async function freeUdpPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
