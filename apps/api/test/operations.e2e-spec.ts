import { createServer } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Drain } from '../src/core/health/drain';
import { WeeklyStatsService } from '../src/radio/weekly-stats.service';
import { startListeningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { freePort } from './support/free-port';
import { startServerProcess } from './support/server-process';
import { until } from './support/waiting';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** The value of one series in Prometheus' text format, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0];
    if (wanted.every((pair) => labelText.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('operations: health, metrics and the drain', () => {
  describe('in one process', () => {
    let db: TestDatabase;
    let app: NestFastifyApplication;
    let base: string;
    let metricsUrl: string;

    beforeAll(async () => {
      db = await createTestDatabase();
      const metricsPort = await freePort();
      ({ app, base } = await startListeningApp(db.url, { METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN }));
      metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    });

    afterAll(async () => {
      await app?.close();
      await db?.drop();
    });

    const scrape = async () => {
      const res = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };

    it('answers liveness and readiness', async () => {
      const live = await fetch(`${base}/api/v1/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ status: 'ok' });
      const ready = await fetch(`${base}/api/v1/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', database: { status: 'up' } });
    });

    it('serves metrics only on their own port, only with the token', async () => {
      expect((await fetch(metricsUrl)).status).toBe(401);
      expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer not-the-token-at-all-0000' } })).status).toBe(401);
      expect((await fetch(metricsUrl.replace('/metrics', '/other'), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const onPublic = await fetch(`${base}/metrics`);
      expect(await onPublic.text()).not.toContain('grouarock_build_info');
      const text = await scrape();
      for (const name of ['grouarock_build_info', 'process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'process_open_fds']) {
        expect([name, series(text, name)]).toEqual([name, expect.any(Number)]);
      }
    });

    it('times requests by method, route template and status class', async () => {
      const before = series(await scrape(), 'grouarock_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/radio/stations/:id', status_class: '4xx' }) ?? 0;
      for (const id of ['no-such-station-1', 'no-such-station-2']) expect((await fetch(`${base}/api/v1/radio/stations/${id}`)).status).toBe(404);
      expect((await fetch(`${base}/api/v1/no-such-route`)).status).toBe(404);
      const text = await scrape();
      // Two requests, one series: the template, never the path a client chose.
      expect(series(text, 'grouarock_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/radio/stations/:id', status_class: '4xx' })).toBe(before + 2);
      expect(text).not.toContain('no-such-station');
      expect(series(text, 'grouarock_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    });

    it('reads point-in-time figures when scraped: the database pool, the store, the scheduled jobs', async () => {
      await app.get(WeeklyStatsService).everyMinute();
      const text = await scrape();
      expect(series(text, 'grouarock_db_pool_connections', { state: 'idle' })).toEqual(expect.any(Number));
      expect(series(text, 'grouarock_db_pool_waiting')).toEqual(expect.any(Number));
      // The store was checked at boot and by readiness.
      expect(series(text, 'grouarock_storage_operations_total', { operation: 'check', result: 'ok' })).toBeGreaterThanOrEqual(1);
      const lastSuccess = series(text, 'grouarock_scheduled_job_last_success_timestamp_seconds', { task: 'weekly-stats' });
      expect(Math.abs(lastSuccess! - Date.now() / 1000)).toBeLessThan(30);
      expect(series(text, 'grouarock_scheduled_job_period_seconds', { task: 'weekly-stats' })).toBe(60);
      expect(series(text, 'grouarock_draining')).toBe(0);
    });

    it('counts refusals by limiter', async () => {
      // Sign-in failures per account are limited (attempt-limiter.ts): the refusals carry their limiter's name.
      const attempt = () =>
        fetch(`${base}/api/v1/auth/token?grant_type=password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
          body: JSON.stringify({ email: 'nobody-here@example.com', password: 'wrong-password-1' }),
        });
      let refused = 0;
      for (let i = 0; i < 15 && !refused; i++) if ((await attempt()).status === 429) refused++;
      expect(refused).toBe(1);
      expect(series(await scrape(), 'grouarock_limit_refusals_total', { limiter: 'sign_in' })).toBeGreaterThanOrEqual(1);
    });

    it('answers not-ready, naming why, once draining', async () => {
      // A server of its own: the drain's part here is its state, not closing this test's listener.
      const other = createServer();
      await app.get(Drain).begin(other, 0);
      const ready = await fetch(`${base}/api/v1/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ statusCode: 503, code: 'not_ready', message: 'Not ready: draining' });
      expect((await fetch(`${base}/api/v1/health/live`)).status).toBe(200);
      expect(series(await scrape(), 'grouarock_draining')).toBe(1);
    });
  });

  describe('the built server on SIGTERM', () => {
    let db: TestDatabase;
    let dataDir: string;

    beforeAll(async () => {
      db = await createTestDatabase();
      dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-drain-'));
    });

    afterAll(async () => {
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('stops taking connections, answers the request in flight, stays scrapable while draining, and exits cleanly', async () => {
      const metricsPort = await freePort();
      const server = await startServerProcess(db.url, dataDir, { METRICS_PORT: String(metricsPort) });
      const port = server.port;
      // A request in flight: its headers are in, its body comes slowly (an upload).
      const body = JSON.stringify({ sessionId: '6f1c2a7e-0000-4000-8000-00000000d7a1' });
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', resolve));
      socket.write(`POST /api/v1/visitors HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
      await new Promise((r) => setTimeout(r, 200));

      process.kill(server.pid, 'SIGTERM');
      // No new connections, at once (the balancer takes the next replica).
      await until('the listener to close', 3000, async () => ((await fetch(`http://127.0.0.1:${port}/api/v1/health/live`).then(() => 'open', () => 'refused')) === 'refused' ? true : undefined));
      // Still draining, and its metrics say so.
      const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(series(scraped, 'grouarock_draining')).toBe(1);
      // The request in flight is answered.
      socket.write(body.slice(5));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 20[01] /);
      expect(answer).toContain('"count"');
      expect(await server.exited).toBe(0);
    }, 60_000);
  });
});
