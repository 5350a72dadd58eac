import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/**
 * Ports for the servers a test starts come from a block of 1,000 that belongs to this jest worker alone (the drills,
 * outside jest, take one of their own), below the kernel's ephemeral range (32768-60999 here). A port the kernel
 * picked (`listen(0)`) and the probe let go could be picked again by a parallel worker's probe before this one's
 * server binds it: the server then dies on EADDRINUSE while the other worker's server answers its health checks.
 */
function block(base: number): { from: number; size: number } {
  const worker = Number(process.env.JEST_WORKER_ID);
  const slot = worker > 0 ? (worker - 1) % 8 : 8 + (process.pid % 2);
  return { from: base + slot * 1000, size: 1000 };
}

/** Ports handed out by this process that its servers may not have bound yet: never handed out twice. */
const handedOut = new Set<number>();

async function pick(base: number, isFree: (port: number) => Promise<boolean>): Promise<number> {
  const { from, size } = block(base);
  for (let tries = 0; tries < size * 4; tries++) {
    const port = from + Math.floor(Math.random() * size);
    if (handedOut.has(port) || !(await isFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in ${from}-${from + size - 1}`);
}

/** A TCP port free right now on every address (as the API listens), for a server a test starts. */
export function freePort(): Promise<number> {
  return pick(10_000, tcpFree);
}

function tcpFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

function udpFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

/**
 * A port for a WebRTC engine a test starts, free right now on loopback UDP and on TCP (ICE over TCP takes the same
 * number): the suite's WebRTC client peers and ffmpeg bind ephemeral UDP ports all the time, in parallel test processes
 * too, so it comes from this worker's block as well.
 */
export function freeUdpPort(): Promise<number> {
  return pick(20_000, async (port) => (await udpFree(port)) && (await tcpFree(port)));
}
