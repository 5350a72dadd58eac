import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type WebAuthnCeremony = 'registration' | 'authentication';

/**
 * A challenge handed to the browser for one WebAuthn ceremony, kept in the database so any replica can finish it;
 * single-use (deleted as it is taken) and valid for 5 minutes. A registration names its user; a sign-in does not
 * (the passkey says whose it is).
 */
@Entity({ name: 'webauthn_challenges' })
export class WebAuthnChallenge {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  ceremony!: WebAuthnCeremony;

  @Column({ type: 'varchar', length: 128 })
  challenge!: string;

  @Index('IDX_webauthn_challenges_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
