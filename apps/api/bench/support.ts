import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export const root = path.resolve(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface BenchServer {
  base: string;
  pid: number;
  databaseUrl(): string;
  stop(): Promise<void>;
}

/**
 * The built server (dist/apps/api/main.js) on its own embedded PostgreSQL in a temp DATA_DIR (RTMP ingest on a free
 * port unless RTMP_PORT says otherwise), once healthy;
 * `nodeArgs` go to node before the script (an inspector for bench:http-profile).
 */
export async function startServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-bench-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/apps/api/main.js')], {
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn', RTMP_PORT: '0', LIVE_WEBRTC_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('The server did not start');
    await sleep(200);
  }
  return {
    base,
    pid: child.pid as number,
    databaseUrl() {
      const password = readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
      const pgPort = readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3];
      return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A confirmed account on the given API plan, and a key of it. On Enterprise its 10,000-request burst holds a whole
 * bench's keyed load, so a figure is the cost of the limits being counted, not of 429s.
 */
export async function apiKeyOf(server: BenchServer, email: string, plan = 'enterprise'): Promise<string> {
  const json = (payload: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1', ...headers },
    body: JSON.stringify(payload),
  });
  if ((await fetch(`${server.base}/api/v1/auth/signup`, json({ email, password: 'bench-password-1' }))).status !== 201) throw new Error('sign-up failed');
  const db = new Client({ connectionString: server.databaseUrl() });
  await db.connect();
  await db.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
  await db.query(`INSERT INTO api_plan_grants (user_id, plan) SELECT id, $2 FROM users WHERE email = $1`, [email, plan]);
  await db.end();
  const session = (await (await fetch(`${server.base}/api/v1/auth/token?grant_type=password`, json({ email, password: 'bench-password-1' }))).json()) as { access_token: string };
  const created = await fetch(`${server.base}/api/v1/developer/keys`, json({ name: 'bench' }, { authorization: `Bearer ${session.access_token}` }));
  return ((await created.json()) as { key: string }).key;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (n: number) => n.toFixed(1);

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

/**
 * CPU seconds used so far by a process and every descendant it still has whose command `counts` (say, not ffmpeg),
 * from /proc; a descendant that exits meanwhile takes its seconds with it.
 */
export function treeCpuSeconds(pid: number, counts: (command: string) => boolean = () => true): number {
  let total = 0;
  const visit = (id: number, top: boolean) => {
    let children: number[] = [];
    try {
      if (top || counts(readFileSync(`/proc/${id}/comm`, 'utf8').trim())) total += cpuSeconds(id);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        children = children.concat(readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
      }
    } catch {
      return; // Gone meanwhile.
    }
    for (const child of children) visit(child, false);
  };
  visit(pid, true);
  return total;
}

/** CPU seconds every core of the machine has been busy so far (all but idle and I/O wait), from /proc/stat. */
export function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** UDP datagrams the machine's receivers dropped so far, their buffers full (RcvbufErrors in /proc/net/snmp). */
export function udpReceiveDrops(): number {
  const [names, values] = readFileSync('/proc/net/snmp', 'utf8').split('\n').filter((line) => line.startsWith('Udp:'));
  return Number(values.split(/\s+/)[names.split(/\s+/).indexOf('RcvbufErrors')]);
}

/** Resident memory of a process in KiB, from /proc. */
export function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
}

export interface LoadRound {
  rps: number;
  latencies: number[];
}

/** `requests` GETs of `url` (or of the i-th request's URL), `concurrency` at a time on keep-alive connections; every answer must be a 200. */
export async function loadRound(url: string | ((i: number) => string), headers: (i: number) => Record<string, string>, requests: number, concurrency: number): Promise<LoadRound> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  const one = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const target = typeof url === 'string' ? url : url(i);
      request(target, { agent, headers: headers(i) }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if (res.statusCode !== 200) reject(new Error(`${target} answered ${res.statusCode}`));
          else resolve();
        });
      })
        .on('error', reject)
        .end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) await one(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { rps: requests / seconds, latencies };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The child's next message that `accept`s, or a rejection if it exits first. */
export function next<T>(child: ChildProcess, accept: (message: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`A bench child had exited (${child.exitCode ?? child.signalCode})`));
    const onMessage = (message: T) => {
      if (!accept(message)) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve(message);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`A bench child exited (${code}) before answering`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
