import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

export type SessionEndReason =
  | 'logout'
  | 'logout_all'
  | 'refresh_token_reused'
  | 'password_changed'
  /** Ended by its owner from the session list (one, or every other one). */
  | 'ended_by_user'
  /** A second factor was turned on: sessions signed in with one factor end (issue 39). */
  | 'mfa_enrolled';

/** Authentication Assurance Level, as Supabase Auth writes it: aal2 once a second factor (or a passkey) was proven. */
export type AssuranceLevel = 'aal1' | 'aal2';

/** How the person proved who they are, newest first (RFC 8176 in spirit, Supabase Auth's method names). */
export type AuthMethod = 'password' | 'oauth' | 'email_link' | 'email_code' | 'anonymous' | 'totp' | 'recovery' | 'passkey';

export interface AuthMethodClaim {
  method: AuthMethod;
  /** Seconds since the epoch. */
  timestamp: number;
}

/** One signed-in browser (or client): access tokens name it, refresh tokens belong to it. */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_sessions_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_sessions_user_id' })
  user?: Relation<User>;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The address the session was last refreshed from (as Fastify's trustProxy resolves it). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  /** When an access token of the session was last used or refreshed (written at most once a minute). */
  @Column({ name: 'last_active_at', type: 'timestamptz', default: () => 'now()' })
  lastActiveAt!: Date;

  /** When its owner last proved who they are in it: the sign-in, or a re-authentication since. */
  @Column({ name: 'authenticated_at', type: 'timestamptz', default: () => 'now()' })
  authenticatedAt!: Date;

  @Column({ type: 'varchar', length: 8, default: 'aal1' })
  aal!: AssuranceLevel;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  amr!: AuthMethodClaim[];

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 32, nullable: true })
  revokedReason!: SessionEndReason | null;
}
