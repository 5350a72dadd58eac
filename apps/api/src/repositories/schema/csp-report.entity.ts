import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A Content-Security-Policy violation a browser reported (core/http/csp-reports.ts), kept 30 days, 10,000 at most. */
@Entity({ name: 'csp_reports' })
export class CspReport {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_csp_reports_received_at')
  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ name: 'document_url', type: 'varchar', length: 2048 })
  documentUrl!: string;

  @Column({ name: 'blocked_url', type: 'varchar', length: 2048 })
  blockedUrl!: string;

  @Column({ type: 'varchar', length: 40 })
  directive!: string;

  @Column({ type: 'varchar', length: 8 })
  disposition!: 'enforce' | 'report';

  @Column({ name: 'source_file', type: 'varchar', length: 2048, nullable: true })
  sourceFile!: string | null;

  @Column({ type: 'integer', nullable: true })
  line!: number | null;

  @Column({ name: 'column_number', type: 'integer', nullable: true })
  column!: number | null;

  @Column({ type: 'varchar', length: 256, nullable: true })
  sample!: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;
}
