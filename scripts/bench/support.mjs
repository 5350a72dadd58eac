// Shared by the benchmarks: build, a throwaway embedded database, the built server, percentiles.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function buildApi() {
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsup/dist/cli-default.js'), '--config', 'apps/api/tsup.config.ts', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The built server on its own embedded PostgreSQL in a temp DATA_DIR; resolves once healthy. */
export async function startServer(env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-bench-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const databaseUrl = () => {
    const password = readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
    const pgPort = readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3];
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
  };
  return {
    base,
    databaseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const ms = (n) => n.toFixed(1);
