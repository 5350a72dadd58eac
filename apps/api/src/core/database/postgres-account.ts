import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The account the PostgreSQL processes run as. PostgreSQL refuses to run as root, so when we are
 * root its processes run as the `postgres` system account; otherwise they run as ourselves and this
 * is undefined.
 *
 * Node drops supplementary groups when it spawns with a uid, so what that account can reach is
 * decided by its uid and primary gid alone; `canEnter` asks the kernel with exactly those ids.
 */
export interface PostgresAccount {
  uid: number;
  gid: number;
}

function ids(): PostgresAccount | undefined {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The `postgres` account when we run as root (created as a system account when missing), else undefined. */
export function postgresAccount(): PostgresAccount | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = ids();
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['--force', '--system', 'postgres'], { stdio: 'pipe' });
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'pipe',
    });
  } catch (e) {
    const detail = (e as { stderr?: Buffer }).stderr?.toString().trim() || (e as Error).message;
    throw new Error(`PostgreSQL cannot run as root and the postgres account could not be created (${detail})`);
  }
  const created = ids();
  if (!created) throw new Error('PostgreSQL cannot run as root and the postgres account could not be created');
  return created;
}

/** Whether `account` can enter `dir` (every directory above it must let it through). */
export function canEnter(account: PostgresAccount | undefined, dir: string): boolean {
  if (!account) return true;
  return spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir], { ...account, cwd: '/', stdio: 'ignore' }).status === 0;
}

/** Whether `account` can run the program at `file` (`--version`: it reaches the file and loads its libraries). */
export function canRun(account: PostgresAccount | undefined, file: string): boolean {
  return spawnSync(file, ['--version'], { ...account, cwd: '/', stdio: 'ignore' }).status === 0;
}

/** The first directory on the way to `target` that `account` cannot enter, for messages. */
export function firstClosedDirectory(account: PostgresAccount | undefined, target: string): string | undefined {
  const chain: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  return chain.find((dir) => !canEnter(account, dir));
}
