import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabase } from '../src/core/database/embedded-database';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { until } from './support/waiting';

// PostgreSQL stopped under a running API: a route that needs it answers 503 with our JSON error at once (never a 500,
// never a request left waiting), and the same process answers again once the database is back.

interface Answer {
  status: number;
  type: string | null;
  body: { statusCode?: number; error?: string; message?: string };
  ms: number;
}

/** One request, given up on after `ms`: a hang fails the test rather than wedging it. */
async function ask(url: string, ms: number): Promise<Answer> {
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(ms) });
    text = await res.text();
  } catch (e) {
    throw new Error(`GET ${url}: no answer within ${ms} ms (${(e as Error).message})`);
  }
  let body: Answer['body'] = {};
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    // Not JSON: left empty, which the assertions on its fields report.
  }
  return { status: res.status, type: res.headers.get('content-type'), body, ms: performance.now() - started };
}

describe('the database stopped under a running API', () => {
  let dir: string;
  let db: EmbeddedDatabase;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'grouarock-outage-'));
    chmodSync(dir, 0o755); // the server runs as its own user when the tests run as root
    db = new EmbeddedDatabase({ databaseDir: path.join(dir, 'postgres') });
    const url = await db.start();
    server = await startServerProcess(url, path.join(dir, 'data'));
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await db?.stop();
    EmbeddedDatabase.remove(path.join(dir, 'postgres'));
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the station list with a 503 JSON error within 2 s while it is down, and 200 again once it is back', async () => {
    const stations = `${server!.base}/api/v1/radio/stations`;
    expect((await ask(stations, 5000)).status).toBe(200);

    await db.stop();
    // The catalogue is kept in memory for a few seconds (stations.service.ts): until it is read again the list may
    // still come from there, at once; then the read that finds no database is the answer.
    const down = await until('an answer the kept catalogue does not give', 10_000, async () => {
      const answer = await ask(stations, 2000);
      return answer.status === 200 ? undefined : answer;
    }, 200);
    // And again: the first may find the pool's connections closed under it, the next finds no server to connect to.
    for (const answer of [down, await ask(stations, 2000)]) {
      expect([answer.status, answer.type]).toEqual([503, 'application/json; charset=utf-8']);
      expect(answer.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The database does not answer right now; try again in a moment', code: 'database_unavailable' });
      expect(answer.ms).toBeLessThan(2000);
    }

    await db.start();
    const up = await until('the station list answering again', 10_000, async () => {
      const answer = await ask(stations, 2000).catch(() => undefined);
      return answer?.status === 200 ? answer : undefined;
    }, 200);
    expect(Array.isArray(up.body)).toBe(true);
    // Nothing was an unexpected error on the way: no 500 logged by the exceptions filter.
    expect(server!.output()).not.toMatch(/"level":50[^\n]*"context":"HTTP"/);
  }, 60_000);
});
