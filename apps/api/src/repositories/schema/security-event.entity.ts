import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** What the account's security log records (shown in /profile and in the data export). */
export type SecurityEventType =
  | 'signed_in'
  | 'sign_in_failed_second_factor'
  | 'reauthenticated'
  | 'totp_enabled'
  | 'totp_disabled'
  | 'recovery_codes_generated'
  | 'recovery_code_used'
  | 'passkey_added'
  | 'passkey_removed'
  | 'session_ended'
  | 'other_sessions_ended'
  | 'password_changed'
  | 'email_change_requested'
  | 'api_key_created'
  | 'api_key_revoked';

/** One line of an account's security log: what happened, from where. Kept for 180 days. */
@Entity({ name: 'security_events' })
@Index('IDX_security_events_user_created', ['userId', 'createdAt'])
export class SecurityEvent {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_security_events_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 40 })
  type!: SecurityEventType;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  /** What else says what happened: the method of a sign-in, a passkey's or key's name. Never a secret. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
