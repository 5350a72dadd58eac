// npm run bench:realtime — one now_playing delivered to N subscribers of station.{id}: published the way
// the API publishes (pg_notify → every process's LISTEN → the gateway) and timed at each client, next to a
// bare `ws` server broadcasting the same frame in the same run. Both sets of subscribers stay connected and
// the two broadcasts alternate, each on its own (500 ms apart, the order switching every message), so a
// machine that gets busier or quieter during the run weighs on both alike.
// Ends with: bench:realtime subscribers=… p99_ms=… p99_ratio_vs_bare=…
import { fork } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { WebSocket } from 'ws';
import { ms, percentile, sleep, startServer } from './support';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 5000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const CHANNEL = 'station.bench';

/** N clients, subscribed, each recording how long after `sentAt[id]` the frame for `id` arrived. */
async function subscribers(url: string, subscribe: boolean, sentAt: Map<number, number>, latencies: number[]): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < SUBSCRIBERS; i += 250) {
    await Promise.all(
      Array.from({ length: Math.min(250, SUBSCRIBERS - i) }, () =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(url);
          sockets.push(socket);
          socket.on('message', (raw) => {
            const now = performance.now();
            const frame = JSON.parse(raw.toString()) as { type: string; data: { seq?: number } };
            if (frame.type === 'subscribed') return resolve();
            if (frame.type === 'now_playing' && typeof frame.data.seq === 'number') latencies.push(now - (sentAt.get(frame.data.seq) as number));
          });
          socket.once('open', () => (subscribe ? socket.send(JSON.stringify({ action: 'subscribe', channel: CHANNEL })) : resolve()));
          socket.once('error', reject);
        }),
      ),
    );
  }
  return sockets;
}

interface Target {
  label: string;
  sockets: WebSocket[];
  sentAt: Map<number, number>;
  latencies: number[];
  send: (frame: string) => Promise<void>;
}

async function target(label: string, url: string, subscribe: boolean, send: (frame: string) => Promise<void>): Promise<Target> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  return { label, sockets: await subscribers(url, subscribe, sentAt, latencies), sentAt, latencies, send };
}

async function broadcast(to: Target, seq: number): Promise<void> {
  const frame = JSON.stringify({ channel: CHANNEL, type: 'now_playing', data: { seq, artist: 'Dżem', title: 'Whisky', program: null, source: 'stream', updatedAt: new Date().toISOString() } });
  to.sentAt.set(seq, performance.now());
  await to.send(frame);
}

async function main(): Promise<void> {
  const server = await startServer();
  const bare = fork(path.join(__dirname, 'bare-ws.child.js'));
  const barePort = await new Promise<number>((resolve) => bare.once('message', (m: { port: number }) => resolve(m.port)));
  const pg = new Client({ connectionString: server.databaseUrl() });
  await pg.connect();
  try {
    const reference = await target('bare ws', `ws://127.0.0.1:${barePort}`, false, async (frame) => void bare.send(frame));
    const ours = await target('ours', `${server.base.replace('http', 'ws')}/api/v1/realtime`, true, async (frame) => {
      await pg.query('SELECT pg_notify($1, $2)', ['grouarock_events', frame]);
    });
    await sleep(1000);
    for (let seq = 0; seq < MESSAGES; seq++) {
      for (const to of seq % 2 === 0 ? [reference, ours] : [ours, reference]) {
        await broadcast(to, seq);
        await sleep(500);
      }
    }
    await sleep(1000);
    for (const { label, sockets, latencies } of [reference, ours]) {
      sockets.forEach((s) => s.terminate());
      if (latencies.length !== SUBSCRIBERS * MESSAGES) throw new Error(`${label}: ${latencies.length} deliveries, expected ${SUBSCRIBERS * MESSAGES}`);
    }
    const [p50, p99, refP50, refP99] = [percentile(ours.latencies, 50), percentile(ours.latencies, 99), percentile(reference.latencies, 50), percentile(reference.latencies, 99)];
    console.log(`subscribers: ${SUBSCRIBERS}, messages: ${MESSAGES}, loopback; latency from publish to each client's receipt`);
    console.log(`bare ws broadcast: p50=${ms(refP50)} ms p99=${ms(refP99)} ms`);
    console.log(`our gateway (pg_notify → LISTEN → subscribers): p50=${ms(p50)} ms p99=${ms(p99)} ms`);
    console.log(`bench:realtime subscribers=${SUBSCRIBERS} p99_ms=${ms(p99)} p99_ratio_vs_bare=${(p99 / refP99).toFixed(2)}`);
  } finally {
    await pg.end();
    bare.kill();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
