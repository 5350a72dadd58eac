import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/**
 * A Stripe subscription as Stripe last told us (re-read from Stripe on every event, never taken from an event's
 * payload). Kept after it ends: it is the account's billing history and spends the trial.
 */
@Entity({ name: 'billing_subscriptions' })
@Check('CHK_billing_subscriptions_plan', `"plan" IN ('premium', 'ultra')`)
export class BillingSubscription {
  /** Stripe's id, sub_…. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Index('IDX_billing_subscriptions_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_billing_subscriptions_user_id' })
  user?: Relation<User>;

  @Index('IDX_billing_subscriptions_stripe_customer_id')
  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255 })
  stripeCustomerId!: string;

  @Column({ type: 'varchar', length: 16 })
  plan!: 'premium' | 'ultra';

  @Column({ name: 'price_id', type: 'varchar', length: 255 })
  priceId!: string;

  /** Stripe's status: trialing, active, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'trial_end', type: 'timestamptz', nullable: true })
  trialEnd!: Date | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  /** When it was last read from Stripe (the hourly reconciliation re-reads what is a day old). */
  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt!: Date;
}
