// Subscribers for bench:realtime in a process of their own: a process may hold at most 20,000 file descriptors, so
// the bench spreads its client sockets over several of these. Opens `count` WebSockets to `url` (and subscribes each
// to `channel` when asked), then, for every now_playing frame, records how long after the frame's `data.sentAt` it
// arrived. The publisher wrote `sentAt` as `performance.timeOrigin + performance.now()` and the receipt is read the
// same way here: the wall clock at each process's start, monotonic since, the one clock the bench's processes share
// (process.hrtime is per process).
// Parent → child: Start, then 'report'. Child → parent: { ready: true } once every socket is open (and subscribed),
// then a Report, after which it closes its sockets and exits.
import { WebSocket } from 'ws';

export interface Start {
  url: string;
  count: number;
  subscribe: boolean;
  channel: string;
}

export interface Report {
  /** One per now_playing frame received, in ms. */
  latencies: Float64Array;
  /** Frames received per seq. */
  deliveries: Record<number, number>;
}

const BATCH = 250;
const sockets: WebSocket[] = [];
const latencies: number[] = [];
const deliveries: Record<number, number> = {};

function open(url: string, subscribe: boolean, channel: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    sockets.push(socket);
    socket.on('message', (raw: Buffer) => {
      const now = performance.timeOrigin + performance.now();
      const frame = JSON.parse(raw.toString()) as { type: string; data: { seq?: number; sentAt?: number } };
      if (frame.type === 'subscribed') return resolve();
      if (frame.type !== 'now_playing' || typeof frame.data.seq !== 'number' || typeof frame.data.sentAt !== 'number') return;
      latencies.push(now - frame.data.sentAt);
      deliveries[frame.data.seq] = (deliveries[frame.data.seq] ?? 0) + 1;
    });
    socket.once('open', () => (subscribe ? socket.send(JSON.stringify({ action: 'subscribe', channel })) : resolve()));
    socket.once('error', reject);
  });
}

// Gone with its parent, whatever ended it.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: Start | 'report') => {
  if (message === 'report') {
    process.send?.({ latencies: Float64Array.from(latencies), deliveries } satisfies Report, () => {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    });
    return;
  }
  const { url, count, subscribe, channel } = message;
  (async () => {
    for (let i = 0; i < count; i += BATCH) await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, () => open(url, subscribe, channel)));
  })().then(
    () => process.send?.({ ready: true }),
    (e: unknown) => {
      process.send?.({ error: e instanceof Error ? e.message : String(e) });
      process.exit(1);
    },
  );
});
