import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What was done with an account's data and when: never the email or anything else personal, so the record outlives
 * the data it speaks of (the account id is a pseudonym once the data is gone).
 */
@Entity({ name: 'privacy_audit' })
@Index('IDX_privacy_audit_user', ['userId'])
@Check('CHK_privacy_audit_action', `"action" IN ('export', 'delete', 'anonymize')`)
export class PrivacyAudit {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  action!: 'export' | 'delete' | 'anonymize';

  /** Through what: a session or an API key (its id). */
  @Column({ type: 'varchar', length: 64 })
  via!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
