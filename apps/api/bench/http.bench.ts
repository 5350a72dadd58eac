// npm run bench:http — GET /api/v1/radio/stations from the built server, unauthenticated (the site's shared
// throttling on) and with an API key (the account's plan limits on: a GCRA and monthly count in PostgreSQL per
// request), next to bare node:http serving the same bytes, all in one run. Rounds alternate bare, public and keyed
// so a machine that gets busier or quieter weighs on all three alike; each figure is the median of its rounds.
// Ends with: bench:http bare_rps=… public_rps=… keyed_rps=… keyed_p99_ratio=… public_pct=… keyed_pct=…
import { fork } from 'node:child_process';
import path from 'node:path';
import { apiKeyOf, type LoadRound, loadRound, median, ms, percentile, startServer } from './support';

const REQUESTS = Number(process.env.BENCH_HTTP_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_HTTP_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);

/** A round of the load at this run's size. */
const load = (url: string, headers: (i: number) => Record<string, string>) => loadRound(url, headers, REQUESTS, CONCURRENCY);

async function main(): Promise<void> {
  const server = await startServer();
  const bare = fork(path.join(__dirname, 'bare-http.child.js'));
  try {
    const stations = `${server.base}/api/v1/radio/stations`;
    const body = await (await fetch(stations)).text();
    const barePort = await new Promise<number>((resolve) => {
      bare.once('message', (m: { port: number }) => resolve(m.port));
      bare.send({ body });
    });

    // An account with a key on the Enterprise API plan, whose burst holds the whole keyed load.
    const key = await apiKeyOf(server, 'bench-http@example.com');
    const keyed = await fetch(stations, { headers: { authorization: `Bearer ${key}` } });
    if (keyed.status !== 200 || !keyed.headers.get('ratelimit')) throw new Error(`the keyed request answered ${keyed.status} without RateLimit`);
    if ((await keyed.text()) !== body) throw new Error('the keyed answer differs from the public one');

    // Public callers come from many addresses, as a site's visitors do (the site's limit is per route and address).
    const targets = {
      bare: () => load(`http://127.0.0.1:${barePort}/api/v1/radio/stations`, () => ({})),
      public: () => load(stations, (i) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` })),
      keyed: () => load(stations, () => ({ authorization: `Bearer ${key}` })),
    };
    for (const run of Object.values(targets)) await run(); // warm-up
    const results: Record<keyof typeof targets, LoadRound[]> = { bare: [], public: [], keyed: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) results[name].push(await targets[name]());
    }
    const rps = (name: keyof typeof targets) => median(results[name].map((r) => r.rps));
    const p99 = (name: keyof typeof targets) => percentile(results[name].flatMap((r) => r.latencies), 99);
    console.log(`${ROUNDS} rounds × ${REQUESTS} requests, ${CONCURRENCY} at a time, keep-alive, loopback; ${body.length} bytes per answer`);
    for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
      console.log(`${name.padEnd(6)} ${rps(name).toFixed(0).padStart(6)} req/s  p50 ${ms(percentile(results[name].flatMap((r) => r.latencies), 50))} ms  p99 ${ms(p99(name))} ms`);
    }
    const share = (name: keyof typeof targets) => ((rps(name) / rps('bare')) * 100).toFixed(0);
    console.log(
      `public = ${share('public')} % of bare (goal ≥ 50 %); keyed = ${share('keyed')} % of bare (goal ≥ 40 %); keyed p99 = ${(p99('keyed') / p99('public')).toFixed(2)}× public p99 (goal ≤ 1.5×)`,
    );
    console.log(
      `bench:http bare_rps=${rps('bare').toFixed(0)} public_rps=${rps('public').toFixed(0)} keyed_rps=${rps('keyed').toFixed(0)} keyed_p99_ratio=${(p99('keyed') / p99('public')).toFixed(2)} public_pct=${share('public')} keyed_pct=${share('keyed')}`,
    );
  } finally {
    bare.kill();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
