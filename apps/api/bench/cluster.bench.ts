// npm run bench:cluster — the cost of running as a cluster, through a real nginx: the stations list and an HLS
// segment (from the S3 bucket) served by one API process behind the balancer, against three processes behind it, on
// one database and one bucket (s3rver through the AWS SDK). Rounds alternate one and three so a machine that gets
// busier or quieter weighs on both alike; each figure is the median of its rounds. On a machine with 2 cores the
// ratio says what the design costs (the balancer's hop, the shared store, three processes sharing two cores), not
// what more machines would add. The balancer keeps live segments, so each segment request names a URL of its own (an
// `access` the API ignores for a public stream): every one misses nginx's cache and costs what a segment nginx lacks
// costs a process.
// Ends with: bench:cluster stations_rps_1=… stations_rps_3=… stations_ratio=… segment_rps_1=… segment_rps_3=… segment_ratio=…
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabase } from '../src/core/database/embedded-database';
import { S3MediaStorage } from '../src/repositories/s3-media-storage';
import { startBalancer } from '../test/support/balancer';
import { startCluster } from '../test/support/cluster';
import { loadRound, median } from './support';

const REQUESTS = Number(process.env.BENCH_CLUSTER_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CLUSTER_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 3);
const SEGMENT_BYTES = 180_000;

/** Requests per second of a round at this run's size. */
const load = async (url: string | ((i: number) => string), headers: (i: number) => Record<string, string>) => (await loadRound(url, headers, REQUESTS, CONCURRENCY)).rps;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grouarock-bench-cluster-'));
  chmodSync(dir, 0o755);
  const database = new EmbeddedDatabase({ databaseDir: path.join(dir, 'postgres') });
  const databaseUrl = await database.start();
  // The balancer is the one hop in front (loopback, the default TRUST_PROXY), and it passes on the address each
  // request names, so the load comes from many clients as a site's does (the site's limit is per route and address).
  const cluster = await startCluster(databaseUrl, 3, { TRUST_PROXY: 'loopback' });
  const single = await startBalancer([`127.0.0.1:${cluster.processes[0].port}`]);
  try {
    const store = cluster.store.env();
    const bucket = new S3MediaStorage({
      endpoint: store.S3_ENDPOINT,
      bucket: store.S3_BUCKET,
      region: store.S3_REGION,
      credentials: { accessKeyId: store.S3_ACCESS_KEY_ID, secretAccessKey: store.S3_SECRET_ACCESS_KEY },
      forcePathStyle: true,
    });
    const stream = randomUUID();
    await bucket.put(`live/${stream}/seg-0.ts`, randomBytes(SEGMENT_BYTES), { contentType: 'video/mp2t' });
    bucket.onModuleDestroy();

    // Unique per round too (the warm-up's URLs would be nginx's by then): a counter over the whole run.
    let asked = 0;
    const segment = (base: string) => () => `${base}/api/v1/live/${stream}/seg-0.ts?access=bench${asked++}.${'A'.repeat(43)}`;
    const from = (i: number) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
    const targets = {
      stations_1: () => load(`${single.base}/api/v1/radio/stations`, from),
      stations_3: () => load(`${cluster.balancer.base}/api/v1/radio/stations`, from),
      segment_1: () => load(segment(single.base), from),
      segment_3: () => load(segment(cluster.balancer.base), from),
    };
    type Name = keyof typeof targets;
    const names = Object.keys(targets) as Name[];
    for (const name of names) await targets[name](); // warm-up
    const results = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Name, number[]>;
    for (let round = 0; round < ROUNDS; round++) for (const name of names) results[name].push(await targets[name]());
    const rps = (name: Name) => median(results[name]);
    console.log(`${ROUNDS} rounds × ${REQUESTS} requests, ${CONCURRENCY} at a time, keep-alive, through nginx; a segment of ${SEGMENT_BYTES} bytes from the bucket`);
    for (const name of names) console.log(`${name.padEnd(11)} ${rps(name).toFixed(0).padStart(6)} req/s`);
    const ratio = (what: 'stations' | 'segment') => rps(`${what}_3`) / rps(`${what}_1`);
    console.log(`three processes against one: stations ${ratio('stations').toFixed(2)}×, segments ${ratio('segment').toFixed(2)}× (2 cores: what the design costs, not what more machines add)`);
    console.log(
      `bench:cluster stations_rps_1=${rps('stations_1').toFixed(0)} stations_rps_3=${rps('stations_3').toFixed(0)} stations_ratio=${ratio('stations').toFixed(2)} ` +
        `segment_rps_1=${rps('segment_1').toFixed(0)} segment_rps_3=${rps('segment_3').toFixed(0)} segment_ratio=${ratio('segment').toFixed(2)}`,
    );
  } finally {
    await single.stop();
    await cluster.stop();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
