import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One event as sent: its Standard Webhooks id (`msg_…`, the receiver's idempotency key), type and body. Kept 30 days. */
@Entity({ name: 'webhook_messages' })
@Index('IDX_webhook_messages_created_at', ['createdAt'])
export class WebhookMessage {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ type: 'varchar', length: 40 })
  type!: string;

  /** The body as sent: `{type, timestamp, data}`. */
  @Column({ type: 'jsonb' })
  payload!: object;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
