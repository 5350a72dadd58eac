import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/**
 * An account's billing identity: its one Stripe customer (created before the first checkout, under this row's lock,
 * so a double click cannot make two) and whether its one free trial is spent.
 */
@Entity({ name: 'billing_customers' })
export class BillingCustomer {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_billing_customers_user_id' })
  user?: Relation<User>;

  @Index('UQ_billing_customers_stripe_customer_id', { unique: true })
  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'trial_used_at', type: 'timestamptz', nullable: true })
  trialUsedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
