import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A browser session that was counted, with the number it got: counting is once per session. */
@Entity({ name: 'visitor_sessions' })
export class VisitorSession {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  @Column({ type: 'integer' })
  number!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
