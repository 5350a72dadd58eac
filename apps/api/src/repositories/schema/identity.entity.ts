import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** The sign-in providers an identity may come from. */
export const OAUTH_PROVIDERS = ['google', 'facebook', 'github'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

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
