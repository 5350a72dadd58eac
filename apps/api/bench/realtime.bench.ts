// npm run bench:realtime — one now_playing delivered to every subscriber of station.{id}: published the way the API
// publishes (pg_notify on 'grouarock_events' → every process's LISTEN → the gateway) and timed at each client from the
// publish to its receipt, next to bare `ws` servers broadcasting the same frame in the same run. Two runs:
// - one API process with BENCH_SUBSCRIBERS subscribers (default 5000), against one bare `ws` process;
// - two API processes on one PostgreSQL with BENCH_CLUSTER_SUBSCRIBERS (default 20,000) split between them, the
//   events published once and reaching both through their LISTEN, against two bare `ws` processes with the same
//   split, the bench handing the frame to both. The reference has as many processes as we do: with one bare process
//   the comparison would be of two processes against one on the same cores, not of our gateway against a bare one.
// The client sockets live in child processes (realtime-clients.child.ts; at most 20,000 file descriptors a process),
// up to 10,000 each and each on one server, and the publisher writes its clock into the frame (`data.sentAt`), so each child measures in the
// clock every process shares. In each run both sets of subscribers stay connected and the two broadcasts alternate,
// each on its own (BENCH_GAP_MS apart; 500 ms per 5000 subscribers by default), the order switching every message,
// so a machine that gets busier or quieter during the run weighs on both alike. Goal: our p99 ≤ 1.3× bare.
// Ends with one line per run: bench:realtime subscribers=… processes=… p99_ms=… p99_ratio_vs_bare=…
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import type { Report, Start } from './realtime-clients.child';
import { type BenchServer, ms, next, percentile, sleep, startServer } from './support';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 5000);
const CLUSTER_SUBSCRIBERS = Number(process.env.BENCH_CLUSTER_SUBSCRIBERS ?? 20_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const GOAL = 1.3;
const CHANNEL = 'station.bench';
/** Client sockets per child process, well within the 20,000 file descriptors a process may have. */
const SOCKETS_PER_CHILD = 10_000;

/** The clock every process of the bench shares (process.hrtime is per process). */
const clock = () => performance.timeOrigin + performance.now();

/** A child process of the bench; it exits when the bench does, however the bench ends. */
function forkChild(file: string, options: { serialization?: 'advanced' } = {}): ChildProcess {
  const child = fork(path.join(__dirname, file), options);
  // A failed IPC send is an 'error' event, fatal without a listener; the answer it then misses fails the run instead.
  child.on('error', (e) => console.error(`${file}: ${e.message}`));
  return child;
}

/** A bare `ws` server in a process of its own, and its port. */
async function bareServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = forkChild('bare-ws.child.js');
  const { port } = await next<{ port: number }>(child);
  return { child, port };
}

/** `count` connected (and subscribed, when asked) clients of `url`, in child processes of at most SOCKETS_PER_CHILD. */
async function clients(url: string, count: number, subscribe: boolean): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  // One child at a time: the server takes the connections at the pace it can.
  for (let opened = 0; opened < count; opened += SOCKETS_PER_CHILD) {
    const child = forkChild('realtime-clients.child.js', { serialization: 'advanced' });
    children.push(child);
    const share = Math.min(SOCKETS_PER_CHILD, count - opened);
    child.send({ url, count: share, subscribe, channel: CHANNEL } satisfies Start);
    const answer = await next<{ ready?: true; error?: string }>(child).catch((e: Error) => ({ error: e.message }));
    if (answer.error) {
      children.forEach((c) => c.kill());
      throw new Error(`Connecting ${share} clients to ${url}: ${answer.error}`);
    }
  }
  return children;
}

interface Target {
  label: string;
  clients: ChildProcess[];
  publish: (frame: string) => Promise<void>;
}

interface Figures {
  p50: number;
  p99: number;
  max: number;
}

/** Every latency the target's clients recorded, once each of the `messages` reached all `subscribers`. */
async function collect(target: Target, subscribers: number): Promise<Figures> {
  const reports = await Promise.all(
    target.clients.map((child) => {
      const report = next<Report>(child, (m) => 'latencies' in m);
      child.send('report');
      return report;
    }),
  );
  for (let seq = 0; seq < MESSAGES; seq++) {
    const delivered = reports.reduce((sum, r) => sum + (r.deliveries[seq] ?? 0), 0);
    if (delivered !== subscribers) throw new Error(`${target.label}: message ${seq} reached ${delivered} subscribers, expected ${subscribers}`);
  }
  const latencies = reports.flatMap((r) => Array.from(r.latencies));
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.reduce((a, b) => Math.max(a, b), 0) };
}

function frame(seq: number): string {
  const data = { seq, sentAt: clock(), artist: 'Dżem', title: 'Whisky', program: null, source: 'stream', updatedAt: new Date().toISOString() };
  return JSON.stringify({ channel: CHANNEL, type: 'now_playing', data });
}

interface Run {
  subscribers: number;
  processes: number;
  gapMs: number;
  bare: Figures;
  ours: Figures;
}

/** `subscribers` split evenly over `servers`, against as many bare `ws` processes with the same split. */
async function run(servers: BenchServer[], pg: Client, subscribers: number): Promise<Run> {
  const processes = servers.length;
  const shares = servers.map((_, i) => Math.floor(subscribers / processes) + (i < subscribers % processes ? 1 : 0));
  const gapMs = Number(process.env.BENCH_GAP_MS ?? Math.max(500, subscribers / 10));
  const bares: { child: ChildProcess; port: number }[] = [];
  const reference: Target = { label: 'bare ws', clients: [], publish: async (f) => bares.forEach((b) => b.child.send(f)) };
  const ours: Target = { label: 'ours', clients: [], publish: async (f) => void (await pg.query('SELECT pg_notify($1, $2)', ['grouarock_events', f])) };
  try {
    for (let i = 0; i < processes; i++) bares.push(await bareServer());
    for (let i = 0; i < processes; i++) reference.clients.push(...(await clients(`ws://127.0.0.1:${bares[i].port}`, shares[i], false)));
    for (let i = 0; i < processes; i++) ours.clients.push(...(await clients(`${servers[i].base.replace('http', 'ws')}/api/v1/realtime`, shares[i], true)));
    await sleep(1000);
    for (let seq = 0; seq < MESSAGES; seq++) {
      for (const to of seq % 2 === 0 ? [reference, ours] : [ours, reference]) {
        await to.publish(frame(seq));
        await sleep(gapMs);
      }
    }
    await sleep(1000);
    return { subscribers, processes, gapMs, bare: await collect(reference, subscribers), ours: await collect(ours, subscribers) };
  } finally {
    for (const child of [...reference.clients, ...ours.clients, ...bares.map((b) => b.child)]) child.kill();
  }
}

function print(r: Run): void {
  const split = r.processes === 1 ? '1 process' : `${r.processes} processes (${Math.round(r.subscribers / r.processes)} each)`;
  console.log(`subscribers: ${r.subscribers} over ${split}, messages: ${MESSAGES}, ${r.gapMs} ms apart, loopback; latency from publish to each client's receipt`);
  console.log(`  bare ws broadcast (${r.processes === 1 ? 'one process' : `${r.processes} processes, the frame handed to each`}): p50=${ms(r.bare.p50)} ms p99=${ms(r.bare.p99)} ms`);
  const route = r.processes === 1 ? 'pg_notify → LISTEN → subscribers' : `pg_notify once → each process's LISTEN → its subscribers`;
  console.log(`  our gateway (${route}): p50=${ms(r.ours.p50)} ms p99=${ms(r.ours.p99)} ms`);
  if (Math.max(r.bare.max, r.ours.max) >= r.gapMs) console.log(`  note: a broadcast took ${ms(Math.max(r.bare.max, r.ours.max))} ms, longer than the gap between them (BENCH_GAP_MS)`);
}

async function main(): Promise<void> {
  // One installation: both processes sign and seal with the same secrets, as replicas of a deploy do (RTMP on any
  // free port: ingest plays no part here).
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('hex'), RTMP_PORT: '0' };
  const first = await startServer(secrets);
  const servers = [first];
  const pg = new Client({ connectionString: first.databaseUrl() });
  // Losing it fails the next publish, and the run with it; not the whole process at once, children left behind.
  pg.on('error', (e) => console.error(`bench database connection: ${e.message}`));
  await pg.connect();
  try {
    const single = await run([first], pg, SUBSCRIBERS);
    servers.push(await startServer({ ...secrets, DATABASE_URL: first.databaseUrl() }));
    const pair = await run(servers, pg, CLUSTER_SUBSCRIBERS);
    print(single);
    print(pair);
    console.log(`goal: our p99 ≤ ${GOAL}× bare's`);
    for (const r of [single, pair]) {
      console.log(`bench:realtime subscribers=${r.subscribers} processes=${r.processes} p99_ms=${ms(r.ours.p99)} p99_ratio_vs_bare=${(r.ours.p99 / r.bare.p99).toFixed(2)}`);
    }
  } finally {
    await pg.end();
    for (const server of servers.reverse()) await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
