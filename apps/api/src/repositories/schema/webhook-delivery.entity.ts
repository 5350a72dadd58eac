import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookMessage } from './webhook-message.entity';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A message on its way to one endpoint: its attempts so far and when the next one is due. */
@Entity({ name: 'webhook_deliveries' })
@Index('UQ_webhook_deliveries_endpoint_message', ['endpointId', 'messageId'], { unique: true })
@Check('CHK_webhook_deliveries_status', `"status" IN ('pending', 'succeeded', 'failed')`)
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'FK_webhook_deliveries_endpoint_id' })
  endpoint?: Relation<WebhookEndpoint>;

  @Column({ name: 'message_id', type: 'varchar', length: 40 })
  messageId!: string;

  @ManyToOne(() => WebhookMessage, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'message_id', foreignKeyConstraintName: 'FK_webhook_deliveries_message_id' })
  message?: Relation<WebhookMessage>;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: DeliveryStatus;

  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
