import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A Stripe event we have taken on, so each is processed once however often it is delivered: the first delivery takes a
 * lease and processes it; a concurrent one waits for that; a failed or stale one is taken over by the next delivery.
 */
@Entity({ name: 'stripe_events' })
@Check('CHK_stripe_events_status', `"status" IN ('processing', 'processed', 'failed')`)
export class StripeEvent {
  /** Stripe's id, evt_…. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 128 })
  type!: string;

  @Column({ name: 'event_created', type: 'timestamptz' })
  eventCreated!: Date;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;

  @Column({ type: 'varchar', length: 16 })
  status!: 'processing' | 'processed' | 'failed';

  @Column({ type: 'integer', default: 1 })
  attempts!: number;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}
