// npm run bench:relay — a curve: for each size N (BENCH_LISTENERS, a comma list, default 1000,5000,10000), the CPU
// seconds over BENCH_SECONDS (default 20) of Icecast2 serving N listeners of one mount directly, and of our relay
// serving N listeners the same mount (which it reads from Icecast once); the ratio of the two; and the memory per
// listener of each (marginal RSS). Goals: at every size ≤ 0.8× Icecast's CPU and ≤ 25 KB per listener.
// - Each size gets a fresh Icecast2 and a fresh server (no size inherits another's heap); Icecast is measured first.
// - Listeners live in child processes (relay-listeners.child.ts, at most 2500 each), reading and discarding; they
//   join in STEPS steps, RSS read after each, and memory per listener is the slope of RSS against listeners. Our
//   server runs with its inspector on loopback (Node prints "Debugger attached.") so that RSS is read after a full
//   garbage collection; the reading before it is printed too (see measure()). The inspector is detached before the
//   CPU is measured.
// - Loopback has to carry N × 128 kbit/s (1.3 Gbit/s at 10,000): what was delivered is printed beside what was due,
//   and a size this machine did not deliver in full is said to be short rather than passed off as measured.
// - File descriptors: each server holds one per listener (and the limit is per process); both are printed.
// Ends with a summary against the goals and one line per size: bench:relay listeners=… cpu_ratio_vs_icecast=…
// rss_kb_per_listener=… (then the reading before garbage collection, and the delivered and expected Mbit/s).
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StationRelay } from '../src/radio/relay/station-relay';
import { IcecastServer, until } from '../test/support/icecast';
import { WebSocket } from 'ws';
import type { Bytes, Start } from './relay-listeners.child';
import { type BenchServer, cpuSeconds, freePort, next, rssKb, sleep, startServer } from './support';

const SIZES = (process.env.BENCH_LISTENERS ?? '1000,5000,10000').split(',').map((n) => Number(n.trim()));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LISTENERS_PER_PROCESS = 2500;
/** Listeners join in this many steps, memory read after each. */
const STEPS = 4;
/** After each step of listeners has joined, before memory is read: their bursts sent, the heap settled. */
const SETTLE_MS = 5000;
const SOURCE_KBIT = 128;
const GOAL_CPU_RATIO = 0.8;
const GOAL_KB_PER_LISTENER = 25;
/** Delivered below this share of what N listeners are due, a size is reported as short. */
const DELIVERED_ENOUGH = 0.95;
const MOUNT = '/bench.mp3';
/**
 * Icecast 2.4 listens with a backlog of 5 and accepts on the thread that adds each listener to the mount, waiting
 * while the mount writes to its listeners: at most 5 listeners wait for its answer on a port at once, and it listens
 * on this many ports, so thousands connect in seconds rather than minutes. It serves the same on each.
 */
const ICECAST_PORTS = 16;
const ICECAST_BACKLOG = 5;

if (!SIZES.length || SIZES.some((n) => !Number.isInteger(n) || n < STEPS)) throw new Error(`BENCH_LISTENERS must be a comma list of counts (≥ ${STEPS}), not ${process.env.BENCH_LISTENERS}`);
if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, not ${process.env.BENCH_SECONDS}`);

/** File descriptors a process has open, and may have open (its soft limit), from /proc. */
const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;
const fileLimit = (pid: number) => Number(/^Max open files\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1] ?? Infinity);

interface Crowd {
  processes: ChildProcess[];
  /** Bytes read and listeners dropped so far, over every process. */
  bytes(): Promise<Bytes>;
  close(): Promise<void>;
}

/** A server to listen to: the stream's URL on each port it listens on, and how many answers to wait for at once on each. */
interface Target {
  pid: number;
  urls: string[];
  inFlightPerUrl: number;
  /** The server's inspector, if it collects garbage: a full collection before RSS is read, so none is waiting. */
  inspector?: Inspector;
}

interface Inspector {
  collectGarbage(): Promise<void>;
  close(): void;
}

/** Our server's inspector (it listens on `port`): a full garbage collection on demand. */
async function inspector(port: number): Promise<Inspector> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  return {
    collectGarbage: () =>
      new Promise<void>((resolve, reject) => {
        const mine = ++id;
        const onMessage = (raw: Buffer) => {
          const answer = JSON.parse(raw.toString()) as { id?: number; error?: { message: string } };
          if (answer.id !== mine) return;
          socket.off('message', onMessage);
          if (answer.error) reject(new Error(answer.error.message));
          else resolve();
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ id: mine, method: 'HeapProfiler.collectGarbage' }));
      }),
    close: () => socket.close(),
  };
}

/**
 * `n` listeners of the target, in as many processes as it takes to keep each to LISTENERS_PER_PROCESS; the processes
 * connect at the same time, so each has its own share of the target's ports, or of the answers waited for at once.
 */
async function crowd(target: Target, n: number): Promise<Crowd> {
  const count = Math.ceil(n / LISTENERS_PER_PROCESS);
  const starts = Array.from({ length: count }, (_, i): Start => {
    const share = Math.floor(n / count) + (i < n % count ? 1 : 0);
    if (count <= target.urls.length) return { urls: target.urls.filter((_, u) => u % count === i), count: share, inFlightPerUrl: target.inFlightPerUrl };
    const sharing = Math.ceil(count / target.urls.length);
    return { urls: [target.urls[i % target.urls.length]], count: share, inFlightPerUrl: Math.max(1, Math.floor(target.inFlightPerUrl / sharing)) };
  });
  const processes = starts.map(() => fork(path.join(__dirname, 'relay-listeners.child.js')));
  // A process that failed leaves on its own; asking it to close then fails, and is not an error of the bench.
  for (const child of processes) child.on('error', () => undefined);
  const close = async () => {
    await Promise.all(
      processes.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise((r) => child.once('exit', r));
        if (child.connected) child.send('close');
        return exited;
      }),
    );
  };
  try {
    const answers = await Promise.all(
      processes.map((child, i) => {
        child.send(starts[i]);
        return next<{ ready?: true; error?: string }>(child);
      }),
    );
    const failed = answers.find((a) => a.error);
    if (failed) throw new Error(failed.error);
  } catch (e) {
    await close();
    throw e;
  }
  return {
    processes,
    async bytes() {
      const answers = await Promise.all(
        processes.map((child) => {
          const answer = next<Bytes>(child, (m) => typeof m === 'object' && 'bytes' in m);
          child.send('bytes');
          return answer;
        }),
      );
      return answers.reduce((sum, a) => ({ bytes: sum.bytes + a.bytes, dropped: sum.dropped + a.dropped }), { bytes: 0, dropped: 0 });
    },
    close,
  };
}

/** The median of a few RSS readings over a second, so one reading taken mid-collection does not decide. */
async function steadyRssKb(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssKb(pid));
    await sleep(250);
  }
  return readings.sort((a, b) => a - b)[2];
}

interface Figures {
  cpu: number;
  /** Marginal RSS with no garbage waiting to be collected: the memory a listener holds. */
  rssKbPerListener: number;
  /** The same, read as it is before the collection (our server only): garbage of the listeners' arrival included. */
  uncollectedKbPerListener?: number;
  mbps: number;
  dropped: number;
  fds: number;
  fdLimit: number;
}

/** The slope of the least-squares line through the points: KiB per listener. */
function slope(points: { x: number; y: number }[]): number {
  const mx = points.reduce((a, p) => a + p.x, 0) / points.length;
  const my = points.reduce((a, p) => a + p.y, 0) / points.length;
  return points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
}

/**
 * CPU seconds over SECONDS with n listeners, and memory per listener as a marginal cost: the listeners join in STEPS
 * steps and the RSS is read after each settles; the slope of RSS against listeners is the cost of one more, so fixed
 * costs (the first listener's JIT and buffers, the heap's growth) do not count per listener, and no single reading
 * decides. In a server that collects garbage, RSS is read again after a full collection: a few seconds after
 * listeners arrive, the heap still holds the garbage of their requests (thousands of requests through the framework),
 * which says when V8 last collected rather than what a listener costs, and weighs more than the listener itself.
 */
async function measure(target: Target, n: number): Promise<Figures> {
  const { pid } = target;
  const fdLimit = fileLimit(pid);
  const fdsBefore = openFiles(pid);
  if (fdsBefore + n + 32 > fdLimit) throw new Error(`${n} listeners need ${n} more file descriptors; the process has ${fdsBefore} open and may have ${fdLimit}`);
  const crowds: Crowd[] = [];
  try {
    const held: { x: number; y: number }[] = [];
    const uncollected: { x: number; y: number }[] = [];
    for (let step = 1, joined = 0; step <= STEPS; step++) {
      const upTo = Math.round((n * step) / STEPS);
      crowds.push(await crowd(target, upTo - joined));
      joined = upTo;
      await sleep(SETTLE_MS);
      uncollected.push({ x: joined, y: await steadyRssKb(pid) });
      if (target.inspector) {
        await target.inspector.collectGarbage();
        await sleep(500);
        held.push({ x: joined, y: await steadyRssKb(pid) });
      } else held.push(uncollected[uncollected.length - 1]);
    }
    const fds = openFiles(pid);
    // Not attached while CPU is measured.
    target.inspector?.close();
    const bytes = async () => (await Promise.all(crowds.map((c) => c.bytes()))).reduce((sum, b) => ({ bytes: sum.bytes + b.bytes, dropped: sum.dropped + b.dropped }));
    const start = await bytes();
    const cpuStart = cpuSeconds(pid);
    const started = performance.now();
    await sleep(SECONDS * 1000);
    const cpu = cpuSeconds(pid) - cpuStart;
    const seconds = (performance.now() - started) / 1000;
    const end = await bytes();
    return {
      cpu,
      rssKbPerListener: slope(held),
      uncollectedKbPerListener: target.inspector ? slope(uncollected) : undefined,
      mbps: ((end.bytes - start.bytes) * 8) / seconds / 1e6,
      dropped: end.dropped,
      fds,
      fdLimit,
    };
  } finally {
    await Promise.all(crowds.map((c) => c.close()));
    // Every listener gone from the server before anything else is measured.
    await until(async () => (openFiles(pid) <= fdsBefore + 8 ? true : undefined), 'the listeners to be gone', 60_000).catch(() => undefined);
  }
}

interface Point {
  n: number;
  icecast?: Figures;
  ours?: Figures;
  error?: string;
}

const f = (value: number, digits = 2) => value.toFixed(digits);
const expectedMbps = (n: number) => (n * SOURCE_KBIT) / 1000;
const delivered = (fig: Figures, n: number) => fig.mbps / expectedMbps(n);

function describe(label: string, fig: Figures, n: number): string {
  const short = delivered(fig, n) < DELIVERED_ENOUGH ? ` — SHORT: ${f(delivered(fig, n) * 100, 0)}% of what ${n} listeners are due` : '';
  const dropped = fig.dropped ? `, ${fig.dropped} listeners dropped` : '';
  const uncollected = fig.uncollectedKbPerListener === undefined ? '' : ` (${f(fig.uncollectedKbPerListener, 1)} before collecting garbage)`;
  return `  ${label} cpu=${f(fig.cpu)} s, ${f(fig.rssKbPerListener, 1)} KiB per listener${uncollected}, delivered ${f(fig.mbps, 1)} of ${f(expectedMbps(n), 1)} Mbit/s${short}${dropped}, ${fig.fds} of ${fig.fdLimit} fds open`;
}

/** Icecast2 and our server, both fresh for each size (no size inherits another's heap), measured one after the other. */
async function measureSize(n: number): Promise<Pick<Point, 'icecast' | 'ours'>> {
  const icecast = new IcecastServer({
    // Every listener, the source, our relay's connection and status requests; and the mount's own limit, as in production.
    clients: n + 100,
    queueSize: StationRelay.defaults.maxQueueBytes,
    burstSize: StationRelay.defaults.burstBytes,
    mounts: { [MOUNT]: { maxListeners: n + 10 } },
    listenSockets: ICECAST_PORTS,
  });
  let server: BenchServer | undefined;
  let gc: Inspector | undefined;
  try {
    await icecast.start();
    await icecast.startSource(MOUNT, 440);
    const stations = path.join(mkdtempSync(path.join(tmpdir(), 'bench-stations-')), 'stations.json');
    writeFileSync(stations, JSON.stringify([{ id: 'bench', name: 'Bench', country: 'pl', genres: ['rock'], streamUrl: `${icecast.base}${MOUNT}` }]));
    const inspectorPort = await freePort();
    server = await startServer({
      STATIONS_FILE: stations,
      RELAY_MAX_LISTENERS: String(n + 10),
      // The listeners are plain signed-out clients, as Icecast's are: all n of them let in (no share of the limit kept
      // for paid plans), and no stream ticket each (an ad clock per listener, counted by the relay every 5 s, is left
      // out of the figure; docs/architecture.md, "Ads" and "Plans on the relay").
      RELAY_PRIORITY_SHARE: '0',
      ADS_STREAM_TICKETS: '0',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectorPort} --inspect-publish-uid=http`.trim(),
    });
    const reference = await measure({ pid: icecast.pid, urls: icecast.bases.map((base) => `${base}${MOUNT}`), inFlightPerUrl: ICECAST_BACKLOG }, n);
    gc = await inspector(inspectorPort);
    const ours = await measure({ pid: server.pid, urls: [`${server.base}/api/v1/radio/bench/stream`], inFlightPerUrl: 64, inspector: gc }, n);
    return { icecast: reference, ours };
  } finally {
    gc?.close();
    await server?.stop();
    await icecast.stop();
  }
}

async function main(): Promise<void> {
  const points: Point[] = [];
  console.log(`bench:relay — ${SIZES.join(', ')} listeners of one ${SOURCE_KBIT} kbit/s MP3 mount (ffmpeg → Icecast2) on loopback, ${SECONDS} s of CPU per measurement.`);
  console.log(`Icecast2 serves them directly (on ${ICECAST_PORTS} ports), then our relay serves them, reading the mount once; listeners join in ${STEPS} steps, in processes of ${LISTENERS_PER_PROCESS} at most.`);
  console.log(`Both drop a listener ${StationRelay.defaults.maxQueueBytes / 1024} KiB behind and give a newcomer ${StationRelay.defaults.burstBytes / 1024} KiB of burst.`);
  console.log(`Memory per listener: the slope of RSS against listeners; ours read after a full garbage collection through its inspector ("Debugger attached."), and before it.`);
  for (const n of SIZES) {
    const point: Point = { n };
    points.push(point);
    try {
      Object.assign(point, await measureSize(n));
      const { icecast, ours } = point as Required<Point>;
      console.log(`${n} listeners: cpu ratio ${f(ours.cpu / icecast.cpu)}`);
      console.log(describe('Icecast2 direct:', icecast, n));
      console.log(describe('our relay:      ', ours, n));
    } catch (e) {
      point.error = e instanceof Error ? e.message : String(e);
      console.log(`${n} listeners: not measured: ${point.error}`);
    }
  }

  const measured = points.filter((p): p is Point & Required<Pick<Point, 'icecast' | 'ours'>> => !!p.icecast && !!p.ours);
  // Against the figures as printed.
  const misses = measured.flatMap((p) => {
    const ratio = f(p.ours.cpu / p.icecast.cpu);
    const kb = f(p.ours.rssKbPerListener, 1);
    return [...(Number(ratio) > GOAL_CPU_RATIO ? [`cpu ${ratio}× Icecast at ${p.n}`] : []), ...(Number(kb) > GOAL_KB_PER_LISTENER ? [`${kb} KB per listener at ${p.n}`] : [])];
  });
  const short = measured.filter((p) => delivered(p.icecast, p.n) < DELIVERED_ENOUGH || delivered(p.ours, p.n) < DELIVERED_ENOUGH).map((p) => p.n);
  const failed = points.filter((p) => p.error).map((p) => p.n);
  console.log(
    `summary: goals ≤ ${GOAL_CPU_RATIO}× Icecast's CPU and ≤ ${GOAL_KB_PER_LISTENER} KB per listener at every size: ` +
      (misses.length ? `missed (${misses.join('; ')})` : `met at ${measured.map((p) => p.n).join(', ')}`) +
      (short.length ? `; not fully delivered on this machine at ${short.join(', ')} (see above)` : '; every size delivered in full') +
      (failed.length ? `; not measured at ${failed.join(', ')}` : ''),
  );
  for (const p of measured) {
    console.log(
      `bench:relay listeners=${p.n} cpu_ratio_vs_icecast=${f(p.ours.cpu / p.icecast.cpu)} rss_kb_per_listener=${f(p.ours.rssKbPerListener, 1)} ` +
        `rss_kb_per_listener_before_gc=${f(p.ours.uncollectedKbPerListener ?? NaN, 1)} relay_mbit_s=${f(p.ours.mbps, 1)} icecast_mbit_s=${f(p.icecast.mbps, 1)} expected_mbit_s=${f(expectedMbps(p.n), 1)}`,
    );
  }
  if (failed.length) process.exit(1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
