import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

export const API_KEY_SCOPES = ['read-only', 'full-access'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A developer's API key. Only its SHA-256 is kept; `start` is what lists show. Revoked keys stay as a record. */
@Entity({ name: 'api_keys' })
@Check('CHK_api_keys_scope', `"scope" IN ('read-only', 'full-access')`)
@Index('IDX_api_keys_user_active', ['userId'], { where: '"revoked_at" IS NULL' })
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_api_keys_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  scope!: ApiKeyScope;

  @Column({ type: 'char', length: 12 })
  start!: string;

  @Index('UQ_api_keys_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  hash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Written at most once a minute per key, so a busy key does not write on every request. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
