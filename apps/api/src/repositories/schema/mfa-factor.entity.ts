import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/**
 * An authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s). Unverified until its first code is entered; the
 * secret is sealed at rest (SecretBox, SECRETS_KEY). `lastTimeStep` is the newest accepted step: a code is accepted
 * once, so a step at or before it is refused.
 */
@Entity({ name: 'mfa_factors' })
export class MfaFactor {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_mfa_factors_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_mfa_factors_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 16, default: 'totp' })
  type!: 'totp';

  @Column({ name: 'secret_sealed', type: 'varchar', length: 256 })
  secretSealed!: string;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'last_time_step', type: 'bigint', nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  lastTimeStep!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
