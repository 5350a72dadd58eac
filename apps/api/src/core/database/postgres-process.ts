import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PostgresAccount } from './postgres-account';
import type { PostgresBinaries } from './postgres-binaries';

/**
 * Runs the binaries as `account` (see postgres-account.ts) from `/`: our own working directory may
 * be closed to it. Messages in English whatever the locale, since readiness is read from them.
 */
function run(file: string, args: string[], account: PostgresAccount | undefined): ChildProcess {
  return spawn(file, args, {
    ...account,
    cwd: '/',
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The last lines a process wrote, for error messages. */
class Tail {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly size = 20) {}

  push(chunk: Buffer, onLine?: (line: string) => void): void {
    const lines = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      onLine?.(line);
      this.lines.push(line);
    }
    this.lines.splice(0, Math.max(0, this.lines.length - this.size));
  }

  toString(): string {
    return [...this.lines, this.partial].filter((l) => l.trim()).join(' | ');
  }
}

/**
 * Creates a cluster in `pgdata` (an empty directory `account` owns) whose superuser `postgres` has
 * `password`. initdb reads the password from a file; it is written beside `pgdata` (a directory
 * `account` can enter), readable by `account` alone, and removed straight after.
 */
export async function initdb(binaries: PostgresBinaries, pgdata: string, password: string, account?: PostgresAccount): Promise<void> {
  const passwordFile = path.join(path.dirname(pgdata), `.initdb-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (account) chownSync(passwordFile, account.uid, account.gid);
    const child = run(
      binaries.initdb,
      [`--pgdata=${pgdata}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C'],
      account,
    );
    const output = new Tail();
    child.stdout?.on('data', (d: Buffer) => output.push(d));
    child.stderr?.on('data', (d: Buffer) => output.push(d));
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (${signal ?? `code ${code}`}): ${output.toString()}`)),
      );
    });
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

export interface PostmasterOptions {
  pgdata: string;
  port: number;
  flags: string[];
  account?: PostgresAccount;
  /** How long the server may take to accept connections. */
  timeoutMs?: number;
}

/** A running PostgreSQL server (the postmaster) that we started and stop. */
export class Postmaster {
  private constructor(
    readonly child: ChildProcess,
    private readonly output: Tail,
  ) {}

  /** Starts the server and resolves once it accepts connections; rejects with its last words if it does not. */
  static async start(binaries: PostgresBinaries, options: PostmasterOptions): Promise<Postmaster> {
    const child = run(binaries.postgres, ['-D', options.pgdata, '-p', String(options.port), ...options.flags], options.account);
    const output = new Tail();
    child.stdout?.on('data', (d: Buffer) => output.push(d));
    await new Promise<void>((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(timer);
        reject(new Error(`${why}: ${output.toString()}`));
      };
      const timer = setTimeout(() => {
        child.kill('SIGQUIT');
        fail(`PostgreSQL did not accept connections within ${(options.timeoutMs ?? 60_000) / 1000} s`);
      }, options.timeoutMs ?? 60_000);
      // The server logs to stderr; keep reading it for as long as it runs, or it blocks on a full pipe.
      child.stderr?.on('data', (d: Buffer) =>
        output.push(d, (line) => {
          if (line.includes('database system is ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        }),
      );
      child.once('error', (e) => fail(e.message));
      child.once('exit', (code, signal) => fail(`PostgreSQL exited (${signal ?? `code ${code}`})`));
    });
    return new Postmaster(child, output);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** What the server last wrote (for messages when it dies). */
  get lastWords(): string {
    return this.output.toString();
  }

  /** A fast shutdown (running transactions roll back, data is kept), resolved once the server has exited. */
  async stop(): Promise<void> {
    if (!this.running) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGINT');
    await exited;
  }
}
