import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DATABASE_URL } from '../core/database/database.module';
import type { RealtimeEvent } from '../realtime/realtime-event';

const PG_CHANNEL = 'grouarock_events';

/**
 * Events for every API process sharing the database: published with pg_notify, received by each
 * process on its own LISTEN connection (re-established if it drops), then handed to local handlers.
 */
@Injectable()
export class EventBus implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EventBus');
  private readonly handlers = new Set<(event: RealtimeEvent) => void>();
  private client?: Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @InjectDataSource() private readonly dataSource: DataSource,
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

  async publish(event: RealtimeEvent): Promise<void> {
    await this.dataSource.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify(event)]);
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
      this.listen().catch(() => this.reconnect());
    }, 1000);
    this.retry.unref();
  }
}
