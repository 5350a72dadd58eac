import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

const bigintNumber = { to: (v: number) => v, from: (v: string) => Number(v) };

/** A WebAuthn credential (a passkey) of an account: what @simplewebauthn/server needs to verify the next sign-in with it. */
@Entity({ name: 'passkeys' })
export class Passkey {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_passkeys_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_passkeys_user_id' })
  user?: Relation<User>;

  /** The credential's id, base64url, as the authenticator gave it. */
  @Index('UQ_passkeys_credential_id', { unique: true })
  @Column({ name: 'credential_id', type: 'varchar', length: 1024 })
  credentialId!: string;

  @Column({ name: 'public_key', type: 'bytea' })
  publicKey!: Buffer;

  /** The signature counter last seen; one that does not grow (except an authenticator that always says 0) is refused. */
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  counter!: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  transports!: string[];

  /** singleDevice or multiDevice: whether the passkey may be backed up (synced) at all. */
  @Column({ name: 'device_type', type: 'varchar', length: 16 })
  deviceType!: 'singleDevice' | 'multiDevice';

  /** Whether it is backed up (synced) now, as its last use said. */
  @Column({ name: 'backed_up', type: 'boolean' })
  backedUp!: boolean;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 36, nullable: true })
  aaguid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}
