import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabase } from '../src/core/database/embedded-database';
import { startTestApp } from './support/app';
import { freePort } from './support/free-port';

const root = path.resolve(__dirname, '../../..');


async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await probe().catch(() => undefined as T);
    if (last !== undefined && ok(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
}

async function health(base: string): Promise<{ status: number; body: { message?: string; status?: string } }> {
  const res = await fetch(`${base}/api/v1/health`);
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

describe('health follows the database', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'grouarock-health-'));
    chmodSync(dir, 0o755);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 503 while the database is stopped and 200 once it is back, without restarting the API', async () => {
    const db = new EmbeddedDatabase({ databaseDir: path.join(dir, 'postgres') });
    const app = await startTestApp(await db.start());
    await app.listen(0, '127.0.0.1');
    const base = await app.getUrl();
    try {
      expect((await health(base)).status).toBe(200);
      await db.stop();
      const down = await health(base);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      expect(down.body.message).toMatch(/^Database unreachable/);
      await db.start();
      await eventually(() => health(base), (h) => h.status === 200, 10_000);
    } finally {
      await app.close();
      await db.stop();
    }
  });

  describe('the built server (`npm start`)', () => {
    let server: ChildProcess | undefined;

    afterEach(async () => {
      if (server && server.exitCode === null) {
        server.kill('SIGKILL');
        await new Promise((r) => server?.once('exit', r));
      }
    });

    it('starts its embedded database, survives the database dying, and leaves nothing behind on SIGTERM', async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let output = '';
      server = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
        env: { ...process.env, DATABASE_URL: '', PORT: String(port), RTMP_PORT: '0', LIVE_WEBRTC_PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      server.stderr?.on('data', (d: Buffer) => (output += d.toString()));

      await eventually(() => health(base), (h) => h.status === 200, 45_000);
      expect(output).toContain(`running at http://localhost:${port}`);

      const postmaster = () => Number(readFileSync(path.join(dir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
      const firstPid = postmaster();
      process.kill(firstPid, 'SIGINT'); // the database goes away under the running API
      await eventually(() => health(base), (h) => h.status === 503, 10_000);
      await eventually(() => health(base), (h) => h.status === 200, 20_000);
      expect(postmaster()).not.toBe(firstPid);

      const secondPid = postmaster();
      server.kill('SIGTERM');
      const code = await new Promise<number | null>((r) => server?.once('exit', (c) => r(c)));
      expect(code).toBe(0);
      expect(() => process.kill(secondPid, 0)).toThrow(); // no postgres left behind
    });

    it('refuses a malformed setting with one line naming the variable', async () => {
      const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
        let out = '';
        const child = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
          env: { ...process.env, PORT: 'eighty', DATA_DIR: dir },
        });
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) => resolve({ code, out }));
      });
      expect(result.code).toBe(1);
      expect(result.out.trim()).toBe('Configuration error: PORT must be a whole number from 1 to 65535, got "eighty"');
    });
  });
});
