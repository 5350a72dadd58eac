import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';
import { repoRoot } from './repo-root';

const root = repoRoot();

export interface ServerProcessOptions {
  /** The server's entry; default the repository's build, `dist/apps/api/main.js`. */
  entry?: string;
  /** Its working directory; default this process's. */
  cwd?: string;
  /**
   * Only PATH and the variables given here (and the ones this helper sets), instead of this process's whole
   * environment: nothing the test runner happens to have (NODE_PATH, NODE_OPTIONS, …) can help it start.
   */
  cleanEnv?: boolean;
  /** The port to listen on (a process restarted in place, behind a balancer that knows it); default a free one. */
  port?: number;
}

export interface ServerProcess {
  base: string;
  port: number;
  /** Its process id (to signal it without waiting, as an orchestrator does). */
  pid: number;
  /** SIGTERM, resolved once it has exited. */
  stop: () => Promise<void>;
  /** Its exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
  /** What it printed so far. */
  output: () => string;
  /** Ends it at once, as a crash or `kill -9` would: no shutdown of any kind. */
  kill: () => Promise<void>;
}

/** The built server (`dist/apps/api/main.js`, or `options.entry`) in a process of its own, healthy, on `databaseUrl`. */
export async function startServerProcess(databaseUrl: string, dataDir: string, env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  let exitCode: number | null | undefined;
  const inherited = options.cleanEnv ? { PATH: process.env.PATH ?? '/usr/bin:/bin' } : process.env;
  const server: ChildProcess = spawn(process.execPath, [options.entry ?? path.join(root, 'dist/apps/api/main.js')], {
    cwd: options.cwd,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      RTMP_PORT: '0',
      LIVE_WEBRTC_PORT: '0',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      SECRETS_KEY: 'test-secrets-key-that-is-long-enough-0123456789',
      LOG_LEVEL: 'warn',
      // The specs stream as plain clients; the ads spec turns stream tickets on (docs/architecture.md, "Ads").
      ADS_STREAM_TICKETS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve((exitCode = code))));
  const deadline = Date.now() + 45_000;
  while (!(await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false))) {
    if (exitCode !== undefined || Date.now() > deadline) {
      if (exitCode === undefined) server.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    port,
    pid: server.pid!,
    stop: async () => {
      if (exitCode === undefined) server.kill('SIGTERM');
      await exited;
    },
    exited,
    output: () => output,
    kill: async () => {
      if (exitCode === undefined) server.kill('SIGKILL');
      await exited;
    },
  };
}
