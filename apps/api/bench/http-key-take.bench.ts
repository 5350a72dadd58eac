// node scripts/bench/run.mjs http-key-take — what one call of a keyed request's statement costs PostgreSQL
// (docs/request-path.md, steps 8 and 9): api_key_take_batch (the build before's) and api_key_take_many (this build's),
// for 1, 6 and 16 requests of one key from one address and 6 from six addresses, with throttle_hits as a fresh server
// has it and then holding 8,000 other addresses' windows (as after a minute of the site's visitors). Each figure is
// the CPU of the PostgreSQL backend that ran the calls (from /proc) divided by the calls, on one connection with
// synchronous_commit off as RateLimitStore has it; the account is on Enterprise, so every call takes and writes.
// Ends with: bench:http-key-take <function>_<rows>_<n>=µs …
import { Client } from 'pg';
import { apiKeyOf, cpuSeconds, startServer } from './support';

const CALLS = Number(process.env.BENCH_KEY_TAKE_CALLS ?? 3000);
const FUNCTIONS = ['api_key_take_batch', 'api_key_take_many'];
const BATCHES: [label: string, addresses: number[]][] = [
  ['1', [1]],
  ['6', [1, 1, 1, 1, 1, 1]],
  ['16', Array.from({ length: 16 }, () => 1)],
  ['6x6', [1, 2, 3, 4, 5, 6]],
];

async function main(): Promise<void> {
  const server = await startServer();
  const db = new Client({ connectionString: server.databaseUrl(), options: '-c synchronous_commit=off' });
  try {
    await apiKeyOf(server, 'bench-key-take@example.com');
    await db.connect();
    const [{ hash, user_id: account }] = (await db.query<{ hash: string; user_id: string }>('SELECT hash, user_id FROM api_keys')).rows;
    const [{ pid }] = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
    const figures: string[] = [];
    for (const rows of [0, 8000]) {
      if (rows) {
        await db.query(`INSERT INTO throttle_hits (key, hits, expires_at) SELECT 'site:bench:' || g, 1, now() + interval '1 hour' FROM generate_series(1, $1::int) g`, [rows]);
      }
      for (const fn of FUNCTIONS) {
        for (const [label, addresses] of BATCHES) {
          // Enterprise's limits as ApiLimits.takeOf gives them, its burst large enough for every call here.
          const query = {
            name: `${fn}-${label}`,
            text: `SELECT * FROM ${fn}($1, 20, $2, $3, 0.0006, 1000000000, NULL)`,
            values: [addresses.map((a) => `api-key-failures:address:198.51.100.${a}`), hash, account],
          };
          for (let i = 0; i < 200; i++) await db.query(query);
          const before = cpuSeconds(pid);
          for (let i = 0; i < CALLS; i++) await db.query(query);
          const us = ((cpuSeconds(pid) - before) / CALLS) * 1e6;
          console.log(`${fn.padEnd(20)} ${String(rows).padStart(5)} other rows in throttle_hits, ${label.padStart(3)} requests: ${us.toFixed(0).padStart(5)} µs of PostgreSQL's CPU a call`);
          figures.push(`${fn}_${rows}_${label}=${us.toFixed(0)}`);
        }
      }
    }
    const one = { name: 'one', text: 'SELECT 1' };
    const before = cpuSeconds(pid);
    for (let i = 0; i < CALLS; i++) await db.query(one);
    const select1 = ((cpuSeconds(pid) - before) / CALLS) * 1e6;
    console.log(`SELECT 1: ${select1.toFixed(0)} µs a call`);
    console.log(`bench:http-key-take ${figures.join(' ')} select1=${select1.toFixed(0)}`);
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
