import { DrillReport, log, quantile, sleep, statusesByOperation } from './report';
import type { Rig } from './rig';
import type { SteadyLoad } from './steady-load';

export interface SoakOptions {
  /** The whole soak, warm-up included. */
  seconds: number;
  /** Left out of the memory's baseline: caches fill, the JIT settles. */
  warmupSeconds: number;
  /** The first and the last window whose p99 latencies are compared (a minute in the 10-minute soak). */
  windowSeconds: number;
  /**
   * The first and the last window whose memory is compared: long enough to hold a full garbage collection, after which
   * the heap is what the process keeps (the young generation is swept often, the old one every minute or two).
   */
  memoryWindowSeconds: number;
}

/** The default soak (`npm run bench:soak`): ten minutes, three of warm-up (the JIT reaches the rarer paths), minutes compared. */
export const TEN_MINUTES: SoakOptions = { seconds: 600, warmupSeconds: 180, windowSeconds: 60, memoryWindowSeconds: 120 };

/**
 * The steady load for a while, with memory and latency watched (docs/operations.md, "Fault drills"). Promises: each replica's
 * memory after warm-up grows by 5 % at most, the last window's p99 is within 1.2× the first's, no 5xx.
 */
export async function soak(rig: Rig, load: SteadyLoad, options: SoakOptions): Promise<DrillReport> {
  const report = new DrillReport(`soak (${options.seconds} s)`);
  const started = Date.now();
  await sleep(options.warmupSeconds * 1000);
  // What a leak grows: the heap each replica keeps after its garbage collections (the lowest heap in a window), beside
  // its resident memory, which the allocator and V8's reservations move by more than the load does. V8's code space is
  // left out: compiled code grows for many minutes at this load as ever rarer functions get optimised (two heap
  // snapshots of a replica seven minutes apart in a ten-minute soak: +2.4 MB, all of it code and its metadata, and the
  // application's objects flat), which is the JIT settling, not a leak.
  const read = (expr: (replica: string) => string) => Promise.all(rig.replicas.map(async (r) => (await rig.prometheus.value(expr(r.name))) ?? NaN));
  const memory = async () => ({
    heap: await read((replica) => `min_over_time(sum(nodejs_heap_space_size_used_bytes{replica="${replica}",space!="code_space"})[${options.memoryWindowSeconds}s:1s])`),
    rss: await read((replica) => `avg_over_time(process_resident_memory_bytes{replica="${replica}"}[${options.memoryWindowSeconds}s])`),
  });
  // The baselines: the first windows after warm-up.
  const firstWindow = { from: Date.now(), to: Date.now() + options.windowSeconds * 1000 };
  await sleep(options.memoryWindowSeconds * 1000);
  const baseline = await memory();
  for (let left = started + options.seconds * 1000 - Date.now(); left > 0; left = started + options.seconds * 1000 - Date.now()) {
    await sleep(Math.min(left, 30_000));
    log(`soak: ${Math.round((Date.now() - started) / 1000)} of ${options.seconds} s`);
  }
  // The last window ends before the memory is read: Prometheus's work for that read is none of the processes' latency.
  const lastWindow = { from: Date.now() - options.windowSeconds * 1000, to: Date.now() };
  const end = await memory();
  const outcomes = load.requests.since(started);
  const p99 = (w: { from: number; to: number }) => quantile(outcomes.filter((o) => o.at >= w.from && o.at < w.to && o.status > 0).map((o) => o.ms), 0.99);
  const [clientFirst, clientLast] = [p99(firstWindow), p99(lastWindow)];
  // The promise is on the processes' own p99 (their request histogram, over the cluster), not on what the load
  // generator saw: it shares the 2 cores, and its own event loop (the bucket's server, 200 sockets, 50 listeners, the
  // viewers) adds tens of milliseconds of jitter to a p99 of a few tens. It is the p99 of the load's API requests: the
  // HLS viewers' playlist and segment fetches (two thirds of all requests) follow the publisher's segment cadence and
  // the packaging's disk, not the API's health, and the live drill has their own figures.
  const p99By = (by: string, at: number) =>
    rig.prometheus.query(`histogram_quantile(0.99, sum by (${by}) (rate(grouarock_http_request_duration_seconds_bucket{route!="unmatched",route!~"/api/v1/live/.+"}[${options.windowSeconds}s])))`, at / 1000);
  const serverP99 = async (at: number) => ((await p99By('le', at))[0]?.value ?? NaN) * 1000;
  const [first, last] = [Math.round(await serverP99(firstWindow.to)), Math.round(await serverP99(lastWindow.to))];
  // Every window between them, and each route's first and last, to tell a trend from one noisy minute.
  const steps = [first];
  for (let at = firstWindow.to + options.windowSeconds * 1000; at < lastWindow.to - 1000; at += options.windowSeconds * 1000) steps.push(Math.round(await serverP99(at)));
  steps.push(last);
  const [routesFirst, routesLast] = await Promise.all([p99By('le, method, route', firstWindow.to), p99By('le, method, route', lastWindow.to)]);
  const routeP99 = (samples: typeof routesFirst, s: (typeof routesFirst)[number]) =>
    samples.find((o) => o.metric.route === s.metric.route && o.metric.method === s.metric.method)?.value ?? NaN;
  const byRoute = routesLast
    .map((s) => ({ name: `${s.metric.method} ${s.metric.route}`, from: Math.round(routeP99(routesFirst, s) * 1000), to: Math.round(s.value * 1000) }))
    .filter((r) => Number.isFinite(r.from) && Number.isFinite(r.to))
    .sort((a, b) => b.to - b.from - (a.to - a.from));
  report.figure('requests', outcomes.length);
  report.figure('answers by operation and status', statusesByOperation(outcomes));
  report.figure(`the load generator's p99, first and last window (${options.windowSeconds} s)`, `${clientFirst} → ${clientLast} ms`);
  report.figure(`the processes' p99 of the first window after warm-up (${options.windowSeconds} s)`, first, ' ms');
  report.figure(`the processes' p99 of the last window (${options.windowSeconds} s)`, last, ' ms');
  report.figure('last p99 against the first', first ? last / first : 0, '×');
  report.figure(`the processes' p99, window by window (${options.windowSeconds} s each)`, `${steps.join(' → ')} ms`);
  report.figure('the routes whose p99 grew most, first → last window', byRoute.slice(0, 4).map((r) => `${r.name} ${r.from} → ${r.to} ms`).join('; '));
  // Each scrape renders the process's metrics on its event loop, every second here: requests arriving meanwhile wait.
  const scrapeMs = async (fn: string) =>
    (await read((replica) => `${fn}_over_time(scrape_duration_seconds{replica="${replica}"}[${options.seconds - options.warmupSeconds}s])`)).map((v) => (v * 1000).toFixed(1));
  const [scrapeMean, scrapeMax] = [await scrapeMs('avg'), await scrapeMs('max')];
  report.figure("Prometheus's scrape of each process after warm-up, mean / longest", rig.replicas.map((r, i) => `${r.name} ${scrapeMean[i]} / ${scrapeMax[i]} ms`).join('; '));
  const change = (from: number, to: number) => `${(from / 2 ** 20).toFixed(1)} → ${(to / 2 ** 20).toFixed(1)} MiB (${(((to - from) / from) * 100).toFixed(1)} %)`;
  rig.replicas.forEach((r, i) => {
    report.figure(`${r.name}: heap kept after collections (compiled code left out), after warm-up → at the end`, change(baseline.heap[i], end.heap[i]));
    report.figure(`${r.name}: resident memory, after warm-up → at the end`, change(baseline.rss[i], end.rss[i]));
  });
  const growth = Math.max(...rig.replicas.map((_, i) => (end.heap[i] - baseline.heap[i]) / baseline.heap[i]));
  report.promise('memory after warm-up (the heap kept after collections, compiled code left out) grows by 5 % at most', growth <= 0.05, `largest growth ${(growth * 100).toFixed(1)} %`);
  report.promise("the last window's p99 is within 1.2× the first's", last <= first * 1.2, `${first} → ${last} ms`);
  const errors = outcomes.filter((o) => o.status >= 500);
  report.promise('no 5xx', errors.length === 0, errors.length ? `${errors.length}: ${errors.slice(0, 3).map((o) => `${o.op} ${o.status}`).join(', ')}` : '');
  return report;
}
