import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { Identity } from './identity.entity';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Lower-cased; null for anonymous users until they add one. */
  @Index('UQ_users_email', { unique: true })
  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  username!: string | null;

  @Column({ name: 'display_name', type: 'varchar', length: 64, nullable: true })
  displayName!: string | null;

  @Column({ name: 'is_anonymous', type: 'boolean', default: false })
  isAnonymous!: boolean;

  @Column({ name: 'email_confirmed_at', type: 'timestamptz', nullable: true })
  emailConfirmedAt!: Date | null;

  /** An address added by an anonymous or signed-in user, waiting for its confirmation link. */
  @Column({ name: 'pending_email', type: 'varchar', length: 254, nullable: true })
  pendingEmail!: string | null;

  /**
   * When the account's personal data was deleted (DELETE /user/data): the row stays, without anything personal, only
   * for the billing records the law keeps (docs/developer-api.md, "Data rights").
   */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  /** When the account was anonymized (POST /user/anonymize): its public contributions stay under an anonymous name. */
  @Column({ name: 'anonymized_at', type: 'timestamptz', nullable: true })
  anonymizedAt!: Date | null;

  @OneToMany(() => Identity, (identity) => identity.user)
  identities?: Relation<Identity>[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
