import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { Metrics } from '../core/metrics/metrics';
import { DATABASE_URL } from '../core/database/database.module';
import type { RealtimeEvent } from './schema/realtime-event';

const PG_CHANNEL = 'grouarock_events';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (in the server's encoding, UTF-8 here). */
export const MAX_EVENT_BYTES = 7999;

/** Waits before the 2nd and 3rd try of a publish that lost its connection. */
const PUBLISH_RETRY_MS = [100, 400];

/** An event too big to travel between processes: refused before pg_notify, never retried. */
export class EventTooLargeError extends Error {
  constructor(
    readonly event: Pick<RealtimeEvent, 'channel' | 'type'>,
    readonly bytes: number,
  ) {
    super(`The ${event.type} event on ${event.channel} is ${bytes} bytes of JSON; events between processes may have at most ${MAX_EVENT_BYTES}`);
    this.name = 'EventTooLargeError';
  }
}

/**
 * Worth another try: the connection failed or the server went away (SQLSTATE classes 08, 53 and 57P, or a socket
 * error without one). A query the server refused would fail the same way again.
 */
function isConnectionError(e: unknown): boolean {
  const err = e as { code?: unknown; driverError?: { code?: unknown }; message?: unknown };
  const code = err.driverError?.code ?? err.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return /^(08|53|57P)/.test(code);
  if (typeof code === 'string') return true; // ECONNRESET, ECONNREFUSED, ETIMEDOUT, EPIPE…
  return /connect|terminated|timeout|closed/i.test(String(err.message ?? ''));
}

/**
 * Events for every API process sharing the database: published with pg_notify, received by each
 * process on its own LISTEN connection (re-established if it drops), then handed to local handlers.
 */
@Injectable()
export class EventBus implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EventBus');
  private readonly handlers = new Set<(event: RealtimeEvent) => void>();
  private readonly reconnected = new Set<() => void>();
  private client?: Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: Metrics,
  ) {}

  /** Only once every module is up: an application that fails to boot must not leave a connection behind. */
  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  onEvent(handler: (event: RealtimeEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /**
   * Called each time LISTEN is back after it was lost: what was published meanwhile never arrived here, so whoever
   * announces state announces it again (NowPlayingService, the current titles).
   */
  onReconnect(handler: () => void): void {
    this.reconnected.add(handler);
  }

  /**
   * Sends the event to every process (this one included). Rejects with EventTooLargeError for a payload PostgreSQL
   * would refuse, and after three tries when the database cannot be reached: the caller decides how to report it.
   */
  async publish(event: RealtimeEvent): Promise<void> {
    const payload = JSON.stringify(event);
    const bytes = Buffer.byteLength(payload, 'utf8');
    if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(event, bytes);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.dataSource.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, payload]);
        return;
      } catch (e) {
        const delay = PUBLISH_RETRY_MS[attempt - 1];
        if (delay === undefined || !isConnectionError(e)) {
          this.metrics.eventBusPublishFailures.inc();
          throw new Error(`Publishing ${event.type} on ${event.channel} failed after ${attempt} ${attempt === 1 ? 'try' : 'tries'}: ${(e as Error).message}`, { cause: e });
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      let event: RealtimeEvent;
      try {
        event = JSON.parse(message.payload) as RealtimeEvent;
      } catch {
        // Anyone with database access can NOTIFY this channel: a payload that is not JSON is dropped, not thrown.
        this.logger.warn(`Dropped a notification that is not JSON: ${message.payload.slice(0, 100)}`);
        return;
      }
      for (const handler of this.handlers) handler(event);
    });
    client.on('error', (e) => {
      this.logger.warn(`LISTEN connection lost: ${e.message}`);
      this.reconnect();
    });
    client.on('end', () => this.reconnect());
    await client.connect();
    await client.query(`LISTEN ${PG_CHANNEL}`);
    this.client = client;
  }

  private reconnect(): void {
    if (this.stopped || this.retry) return;
    this.client = undefined;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.listen().then(
        () => {
          this.metrics.eventBusListenReconnects.inc();
          for (const handler of this.reconnected) handler();
        },
        () => this.reconnect(),
      );
    }, 1000);
    this.retry.unref();
  }
}
