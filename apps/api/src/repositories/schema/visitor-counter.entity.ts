import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The site's one visitor counter (a single row, id 1) and its 1000th-visitor winner. */
@Entity({ name: 'visitor_counter' })
@Check('CHK_visitor_counter_single_row', '"id" = 1')
export class VisitorCounter {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ type: 'integer', default: 0 })
  count!: number;

  @Column({ name: 'winner_session_id', type: 'uuid', nullable: true })
  winnerSessionId!: string | null;

  @Column({ name: 'winner_at', type: 'timestamptz', nullable: true })
  winnerAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
