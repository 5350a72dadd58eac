// Listeners for bench:relay in a process of their own, so the listening side is spread over several processes and is
// not what limits the servers measured (and a process may hold at most 20,000 file descriptors). Opens `count`
// connections over `urls` (the same stream on several ports, taken in turn), each asking for the stream as a player
// does (HTTP GET, Connection: close) and then reading and discarding it. Reads go into one scratch buffer shared by
// every socket of the process (net's `onread`), so a listener costs no allocation per read here.
// Parent → child: Start, then 'bytes' as often as it likes (answered with Bytes), then 'close'. Child → parent:
// { ready: true } once every listener has its 200, or { error } if one did not get it.
import { connect, type Socket } from 'node:net';

export interface Start {
  urls: string[];
  count: number;
  /**
   * Listeners waiting for their answer at once on each URL. Icecast 2.4 listens with a backlog of 5 and stops
   * accepting while it adds a listener: more than 5 unanswered connections on one of its ports overflow the backlog,
   * and a connection caught in it waits a second or more to be retried (a minute, then a reset, at worst).
   */
  inFlightPerUrl: number;
}

export interface Bytes {
  /** Every byte read so far by all the listeners of this process, headers included. */
  bytes: number;
  /** Listeners the server closed after their 200 (dropped as too slow, or gone). */
  dropped: number;
}

const scratch = Buffer.allocUnsafe(256 * 1024);
const sockets: Socket[] = [];
let bytes = 0;
let dropped = 0;
let closing = false;

/** One listener; resolves on its 200. */
function listen(url: URL, i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let head = '';
    let answered = false;
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      onread: {
        buffer: scratch,
        // true: keep reading.
        callback: (length: number, buffer: Uint8Array) => {
          bytes += length;
          if (answered) return true;
          head += Buffer.from(buffer.buffer, buffer.byteOffset, Math.min(length, 64)).toString('latin1');
          const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
          if (!status && head.length < 64) return true;
          answered = true;
          if (status?.[1] === '200') resolve();
          else reject(new Error(`listener ${i} got ${status ? status[1] : JSON.stringify(head.slice(0, 40))}`));
          return true;
        },
      },
    });
    socket.once('connect', () => socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: bench-relay\r\nAccept: */*\r\nConnection: close\r\n\r\n`));
    socket.on('error', (e) => {
      if (!answered) reject(new Error(`listener ${i}: ${e.message}`));
    });
    socket.once('close', () => {
      if (!answered) reject(new Error(`listener ${i}: closed before an answer`));
      else if (!closing) dropped++;
    });
    sockets.push(socket);
  });
}

process.on('message', (message: Start | 'bytes' | 'close') => {
  if (message === 'bytes') {
    process.send?.({ bytes, dropped } satisfies Bytes);
    return;
  }
  if (message === 'close') {
    closing = true;
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
  const { urls, count, inFlightPerUrl } = message;
  const targets = urls.map((url) => new URL(url));
  // Listener i goes to URL i mod urls; each URL has its own `inFlightPerUrl` workers, each connecting its next
  // listener once the last one has its answer.
  (async () => {
    await Promise.all(
      targets.flatMap((target, u) =>
        Array.from({ length: inFlightPerUrl }, async (_, w) => {
          for (let i = u + w * targets.length; i < count; i += inFlightPerUrl * targets.length) await listen(target, i);
        }),
      ),
    );
  })().then(
    () => process.send?.({ ready: true }),
    (e: unknown) => {
      process.send?.({ error: e instanceof Error ? e.message : String(e) }, () => process.exit(1));
    },
  );
});
