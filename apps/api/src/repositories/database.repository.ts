import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Metrics } from '../core/metrics/metrics';
import { EmailTokenRepository } from './email-token.repository';
import type { AdvisoryLock } from './locks';
import { IdentityRepository } from './identity.repository';
import { SessionRepository } from './session.repository';
import { UserRepository } from './user.repository';

export type DatabaseStatus = { up: true; latencyMs: number } | { up: false; reason: string };

/** The repositories a transaction offers: each works on the transaction's connection. */
export interface TransactionRepositories {
  users: UserRepository;
  identities: IdentityRepository;
  sessions: SessionRepository;
  emailTokens: EmailTokenRepository;
}

/** The database itself: whether it answers, and transactions spanning several repositories. */
@Injectable()
export class DatabaseRepository {
  static readonly timeoutMs = 2000;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    metrics: Metrics,
  ) {
    // The pool's figures as Prometheus scrapes them (pg's Pool counts its clients; TypeORM's driver holds it).
    const pool = () => (dataSource.driver as unknown as { master?: { totalCount: number; idleCount: number; waitingCount: number } }).master;
    metrics.dbPoolConnections.read(() => {
      const p = pool();
      return p ? [[{ state: 'in_use' }, p.totalCount - p.idleCount], [{ state: 'idle' }, p.idleCount]] : [];
    });
    metrics.dbPoolWaiting.read(() => [[{}, pool()?.waitingCount ?? 0]]);
  }

  /** Runs `work` unless another process holds `lock` (then that one is doing it); whether it ran. */
  async unlessRunningElsewhere(lock: (typeof AdvisoryLock)[keyof typeof AdvisoryLock], work: () => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const [{ locked }] = (await tx.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [lock])) as { locked: boolean }[];
      if (locked) await work();
      return locked;
    });
  }

  /** Asks the database whether it answers, within a bounded time. */
  async probe(): Promise<DatabaseStatus> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${DatabaseRepository.timeoutMs} ms`)), DatabaseRepository.timeoutMs);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
      return { up: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    } catch (e) {
      const error = e as NodeJS.ErrnoException;
      return { up: false, reason: error.code === 'ECONNREFUSED' ? 'connection refused' : error.message };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether the database has every migration this build knows (a restored backup may lack some until the next boot). */
  async migrationsDone(): Promise<boolean> {
    return !(await this.dataSource.showMigrations());
  }

  /** Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: TransactionRepositories) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager: EntityManager) =>
      work({
        users: new UserRepository(manager),
        identities: new IdentityRepository(manager),
        sessions: new SessionRepository(manager),
        emailTokens: new EmailTokenRepository(manager),
      }),
    );
  }
}
