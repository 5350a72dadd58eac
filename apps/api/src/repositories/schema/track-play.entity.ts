import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Station } from './station.entity';
import { Track } from './track.entity';

/** When and where a track was played: one row per play a relay saw. */
@Entity({ name: 'track_plays' })
@Index('IDX_track_plays_station_played_at', ['stationId', 'playedAt'])
@Index('IDX_track_plays_track', ['trackId'])
export class TrackPlay {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'track_id', type: 'uuid' })
  trackId!: string;

  @ManyToOne(() => Track, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'track_id', foreignKeyConstraintName: 'FK_track_plays_track_id' })
  track?: Relation<Track>;

  @Column({ name: 'station_id', type: 'varchar', length: 64 })
  stationId!: string;

  @ManyToOne(() => Station, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'station_id', foreignKeyConstraintName: 'FK_track_plays_station_id' })
  station?: Relation<Station>;

  @Column({ name: 'played_at', type: 'timestamptz', default: () => 'now()' })
  playedAt!: Date;
}
