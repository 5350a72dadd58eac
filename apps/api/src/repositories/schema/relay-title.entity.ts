import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The last title announced for each station, over every API process: a relay that reads a title announces it only
 * when it changes this row (one conditional upsert, one winner), so one change is one `now_playing` event however
 * many processes relay the station.
 */
@Entity({ name: 'relay_titles' })
export class RelayTitleRecord {
  @PrimaryColumn({ name: 'station_id', type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_relay_titles' })
  stationId!: string;

  @Column({ type: 'text', nullable: true })
  artist!: string | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'changed_at', type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;
}
