import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresAccount } from '../../src/core/database/postgres-account';
import { initdb, Postmaster } from '../../src/core/database/postgres-process';
import { freePort } from './free-port';

const PROGRAMS = ['initdb', 'postgres', 'pg_dump', 'pg_restore', 'psql'];

/**
 * The newest PostgreSQL installed from Debian's packages (/usr/lib/postgresql/N/bin) with its server and its client
 * tools. The embedded server of the other tests is PostgreSQL 18, which Debian 12's pg_dump 15 refuses to dump (a
 * client must be at least as new as the server), and npm has no pg_dump 18: a backup drill runs on a server whose
 * own client tools are here. scripts/test.mjs installs postgresql-15 for the API tests.
 */
export function debianPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).map(Number).sort((a, b) => b - a) : [];
  const major = majors.find((v) => PROGRAMS.every((p) => existsSync(path.join(root, String(v), 'bin', p))));
  if (major === undefined) throw new Error(`No PostgreSQL server with its client tools in ${root}/*/bin: apt-get install postgresql-15`);
  return path.join(root, String(major), 'bin');
}

export interface DebianPostgres {
  /** The superuser's URL, on the database `postgres`. */
  url: string;
  bin: string;
  stop: () => Promise<void>;
  /** Stops the server, keeping its data and port (resume() starts it again): an outage of the database. */
  pause: () => Promise<void>;
  resume: () => Promise<void>;
}

/** A throwaway server of `debianPostgresBin()` in a temporary folder, on a loopback port, run as postgres when we are root. */
export async function startDebianPostgres(bin = debianPostgresBin()): Promise<DebianPostgres> {
  const account = postgresAccount();
  const dir = mkdtempSync(path.join(tmpdir(), 'grouarock-pg-'));
  chmodSync(dir, 0o755); // the server runs as postgres when the tests run as root
  const pgdata = path.join(dir, 'data');
  mkdirSync(pgdata, { mode: 0o700 });
  if (account) chownSync(pgdata, account.uid, account.gid);
  const binaries = { packageName: 'debian', version: path.basename(path.dirname(bin)), prefix: path.dirname(bin), initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') };
  const password = randomBytes(12).toString('hex');
  await initdb(binaries, pgdata, password, account);
  const port = await freePort();
  const start = () => Postmaster.start(binaries, { pgdata, port, account, flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'] });
  let postmaster: Postmaster | undefined = await start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    bin,
    stop: async () => {
      await postmaster?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    pause: async () => {
      await postmaster?.stop();
      postmaster = undefined;
    },
    resume: async () => {
      postmaster ??= await start();
    },
  };
}
