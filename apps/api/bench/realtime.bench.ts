// npm run bench:realtime — one now_playing delivered to N subscribers of station.{id}: published the way
// the API publishes (pg_notify → every process's LISTEN → the gateway) and timed at each client, next to a
// bare `ws` server broadcasting the same frame in the same run.
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

async function run(label: string, url: string, subscribe: boolean, send: (frame: string) => Promise<void>): Promise<number[]> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const sockets = await subscribers(url, subscribe, sentAt, latencies);
  await sleep(1000);
  for (let seq = 0; seq < MESSAGES; seq++) {
    const frame = JSON.stringify({ channel: CHANNEL, type: 'now_playing', data: { seq, artist: 'Dżem', title: 'Whisky', program: null, source: 'stream', updatedAt: new Date().toISOString() } });
    sentAt.set(seq, performance.now());
    await send(frame);
    await sleep(500);
  }
  await sleep(1000);
  sockets.forEach((s) => s.terminate());
  if (latencies.length !== SUBSCRIBERS * MESSAGES) throw new Error(`${label}: ${latencies.length} deliveries, expected ${SUBSCRIBERS * MESSAGES}`);
  return latencies;
}

async function main(): Promise<void> {
  const server = await startServer();
  const bare = fork(path.join(__dirname, 'bare-ws.child.js'));
  const barePort = await new Promise<number>((resolve) => bare.once('message', (m: { port: number }) => resolve(m.port)));
  const pg = new Client({ connectionString: server.databaseUrl() });
  await pg.connect();
  try {
    const reference = await run('bare ws', `ws://127.0.0.1:${barePort}`, false, async (frame) => void bare.send(frame));
    const ours = await run('ours', `${server.base.replace('http', 'ws')}/api/v1/realtime`, true, async (frame) => {
      await pg.query('SELECT pg_notify($1, $2)', ['grouarock_events', frame]);
    });
    const [p50, p99, refP50, refP99] = [percentile(ours, 50), percentile(ours, 99), percentile(reference, 50), percentile(reference, 99)];
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
