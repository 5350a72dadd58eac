import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { OAuthProvider } from './auth.dto';
import { User } from './user.entity';

/** A user's account at an OAuth provider. */
@Entity({ name: 'identities' })
@Index('UQ_identities_provider_subject', ['provider', 'providerUserId'], { unique: true })
export class Identity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_identities_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, (user) => user.identities, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_identities_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 16 })
  provider!: OAuthProvider;

  @Column({ name: 'provider_user_id', type: 'varchar', length: 255 })
  providerUserId!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
