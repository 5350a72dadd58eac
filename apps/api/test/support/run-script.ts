import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './repo-root';

/**
 * Runs one of the repository's operator scripts (`scripts/<name>.mjs`: backup, restore) as an operator would, with only
 * PATH and the settings given (the ones the server has: DATABASE_URL, S3_*, PG_BIN). Not a synchronous child: a bucket
 * the script talks to may run in this process.
 */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = repoRoot();
  const child = spawn(process.execPath, [path.join(root, 'scripts', `${script}.mjs`), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
