import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** A confirmation or recovery link, or a re-authentication code (six digits; its hash covers the account too). */
export type EmailTokenPurpose = 'confirm' | 'recover' | 'reauthenticate';

/** A single-use link sent by mail (confirmation or password recovery); only its SHA-256 is stored. */
@Entity({ name: 'email_tokens' })
export class EmailToken {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_email_tokens_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_email_tokens_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 16 })
  purpose!: EmailTokenPurpose;

  /** The address the link confirms (the pending one for an added email). */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Index('UQ_email_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
