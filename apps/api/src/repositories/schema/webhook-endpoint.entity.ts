import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { User } from './user.entity';

export type WebhookStatus = 'active' | 'disabled';

/**
 * Where an account wants events delivered. The signing secret is kept encrypted (signing needs it in clear); after a
 * rotation the previous one signs too, for a day. An endpoint is disabled by a 410, or after 5 days without a 2xx.
 */
@Entity({ name: 'webhook_endpoints' })
@Index('IDX_webhook_endpoints_user', ['userId'])
@Check('CHK_webhook_endpoints_status', `"status" IN ('active', 'disabled')`)
export class WebhookEndpoint {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_webhook_endpoints_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  @Column({ type: 'varchar', length: 32, array: true })
  events!: string[];

  @Column({ name: 'secret_enc', type: 'text' })
  secretEnc!: string;

  @Column({ name: 'previous_secret_enc', type: 'text', nullable: true })
  previousSecretEnc!: string | null;

  @Column({ name: 'previous_secret_until', type: 'timestamptz', nullable: true })
  previousSecretUntil!: Date | null;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status!: WebhookStatus;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 40, nullable: true })
  disabledReason!: string | null;

  /** Since when no delivery has succeeded (null while deliveries succeed). */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
