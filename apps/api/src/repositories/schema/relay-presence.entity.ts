import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What one API process's relay of one station has now: its listeners and the last title it read. Written by that
 * process when they change (at most once a second) and every 10 s as a heartbeat; a row older than 30 s belongs to a
 * process that died and is ignored, then swept. UNLOGGED (see the migration): it is rebuilt within seconds.
 */
@Entity({ name: 'relay_presence' })
export class RelayPresence {
  /** Random per boot of the process, so a restarted process never inherits a dead one's rows. */
  @PrimaryColumn({ name: 'instance_id', type: 'uuid', primaryKeyConstraintName: 'PK_relay_presence' })
  instanceId!: string;

  @PrimaryColumn({ name: 'station_id', type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_relay_presence' })
  stationId!: string;

  @Column({ type: 'integer', default: 0 })
  listeners!: number;

  @Column({ type: 'text', nullable: true })
  artist!: string | null;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ name: 'title_at', type: 'timestamptz', nullable: true })
  titleAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
