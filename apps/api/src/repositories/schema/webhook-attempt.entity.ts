import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { WebhookDelivery } from './webhook-delivery.entity';

/** One try of a delivery, as the delivery log shows it. Kept 30 days. */
@Entity({ name: 'webhook_attempts' })
@Index('IDX_webhook_attempts_endpoint_at', ['endpointId', 'at'])
export class WebhookAttempt {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @ManyToOne(() => WebhookDelivery, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'FK_webhook_attempts_delivery_id' })
  delivery?: Relation<WebhookDelivery>;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  /** 1 for the first try. */
  @Column({ type: 'smallint' })
  n!: number;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  /** Why it failed without an answer: timeout, refused, blocked_address… */
  @Column({ type: 'varchar', length: 200, nullable: true })
  error!: string | null;

  /** The start of the answer's body, at most 1 kB. */
  @Column({ name: 'response_head', type: 'varchar', length: 1024, nullable: true })
  responseHead!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
