import { createHash } from 'node:crypto';
import {
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { canEnter, firstClosedDirectory, type PostgresAccount } from './postgres-account';
import { ensureRootOwnedDirectory } from './root-owned-directory';

/** Where a cluster's files are: `pgdata` for the server; `linkedFrom` when they live outside the data directory. */
export interface ClusterDirectory {
  pgdata: string;
  linkedFrom?: string;
}

/**
 * Where the cluster of `databaseDir` (DATA_DIR/postgres) keeps its files.
 *
 * Normally in `databaseDir` itself. When we run as root, PostgreSQL runs as the postgres account,
 * which must be able to enter every directory above its data; under a directory closed to other
 * accounts (a clone under /root, a `mktemp -d` directory) it cannot, and we do not open such
 * directories up. Then the files live in `sharedDataDir/<hash of databaseDir's path>/data`, and
 * `databaseDir` is a symlink to them: the data stays attached to this DATA_DIR across restarts, and
 * the password file stays beside it in DATA_DIR, readable by root alone.
 *
 * Every refusal is one line that says what to do.
 */
export function clusterDirectory(
  databaseDir: string,
  account: PostgresAccount | undefined,
  sharedDataDir: string,
): ClusterDirectory {
  const dir = path.resolve(databaseDir);
  const entry = lstatSync(dir, { throwIfNoEntry: false });

  if (entry?.isSymbolicLink()) {
    let pgdata: string;
    try {
      pgdata = realpathSync(dir);
    } catch {
      throw new Error(`${dir} links to ${readlinkSync(dir)}, which does not exist: remove ${dir} to start with a new database`);
    }
    if (!canEnter(account, pgdata)) throw closed(account, pgdata, dir);
    return { pgdata, linkedFrom: dir };
  }

  if (entry?.isDirectory()) {
    if (canEnter(account, dir)) return { pgdata: dir };
    if (readdirSync(dir).length > 0) throw closed(account, dir, dir);
    rmdirSync(dir); // left empty by a start that could not create the cluster here; it goes elsewhere now
  } else if (entry) {
    throw new Error(`${dir} is not a directory: move it away and start again`);
  }

  if (canEnter(account, path.dirname(dir))) return { pgdata: dir };
  return { pgdata: createShared(dir, account!, sharedDataDir), linkedFrom: dir };
}

function closed(account: PostgresAccount | undefined, pgdata: string, dir: string): Error {
  const blocker = firstClosedDirectory(account, pgdata) ?? pgdata;
  return new Error(
    `The postgres account cannot enter ${blocker}, so it cannot use the database in ${pgdata}: ` +
      `move that directory to a place it can reach and leave a symlink to it at ${dir}, or set DATA_DIR elsewhere`,
  );
}

function createShared(dir: string, account: PostgresAccount, sharedDataDir: string): string {
  const home = path.join(sharedDataDir, createHash('sha256').update(dir).digest('hex').slice(0, 16));
  const pgdata = path.join(home, 'data');
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(
      `${pgdata} holds the database of an earlier ${dir}: link ${dir} to it to use it again (with its password file ` +
        `${dir}.password), or remove ${home} to start with a new database`,
    );
  }
  try {
    ensureRootOwnedDirectory(sharedDataDir);
    rmSync(home, { recursive: true, force: true }); // an attempt that stopped before initdb finished
    ensureRootOwnedDirectory(home);
    writeFileSync(path.join(home, 'origin'), `${dir}\n`); // whose data this is, for whoever looks in here
    mkdirSync(pgdata, { mode: 0o700 });
    chownSync(pgdata, account.uid, account.gid);
    symlinkSync(pgdata, dir);
  } catch (e) {
    throw new Error(
      `The postgres account cannot enter ${firstClosedDirectory(account, path.dirname(dir))}, and the database could not be ` +
        `kept in ${sharedDataDir} instead (${(e as Error).message}): set DATA_DIR to a directory it can reach, or DATABASE_URL`,
    );
  }
  return pgdata;
}

/** Removes the cluster of `databaseDir` wherever it lives (for throwaway clusters: tests, tools). */
export function removeCluster(databaseDir: string, sharedDataDir: string): void {
  const dir = path.resolve(databaseDir);
  const entry = lstatSync(dir, { throwIfNoEntry: false });
  if (entry?.isSymbolicLink()) {
    const target = path.resolve(path.dirname(dir), readlinkSync(dir));
    const home = path.dirname(target);
    // Only what we made: sharedDataDir/<hash>/data.
    if (path.dirname(home) === path.resolve(sharedDataDir) && path.basename(target) === 'data') {
      rmSync(home, { recursive: true, force: true });
    }
  }
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}.password`, { force: true });
}
