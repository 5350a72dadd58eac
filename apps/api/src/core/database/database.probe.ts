import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type DatabaseStatus = { up: true; latencyMs: number } | { up: false; reason: string };

/** Asks the database whether it answers, within a bounded time. */
@Injectable()
export class DatabaseProbe {
  static readonly timeoutMs = 2000;

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<DatabaseStatus> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${DatabaseProbe.timeoutMs} ms`)), DatabaseProbe.timeoutMs);
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
}
