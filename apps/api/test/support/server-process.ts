import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';

const root = path.resolve(__dirname, '../../../..');

/** The built server (`dist/apps/api/main.js`) in a process of its own, healthy, on `databaseUrl`. */
export async function startServerProcess(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  let exited = false;
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      RTMP_PORT: '0',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  server.once('exit', () => (exited = true));
  const deadline = Date.now() + 45_000;
  while (!(await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false))) {
    if (exited || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: async () => {
      if (exited) return;
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    },
  };
}
