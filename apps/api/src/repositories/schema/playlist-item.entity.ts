import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Station } from './station.entity';
import { Track } from './track.entity';
import { Playlist } from './playlist.entity';

/** One entry of a playlist, in order: a station or a track (exactly one of the two). */
@Entity({ name: 'playlist_items' })
@Check('CHK_playlist_items_one_kind', `("station_id" IS NULL) <> ("track_id" IS NULL)`)
export class PlaylistItem {
  @PrimaryColumn({ name: 'playlist_id', type: 'uuid' })
  playlistId!: string;

  @ManyToOne(() => Playlist, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'playlist_id', foreignKeyConstraintName: 'FK_playlist_items_playlist_id' })
  playlist?: Relation<Playlist>;

  @PrimaryColumn({ type: 'smallint' })
  position!: number;

  @Column({ name: 'station_id', type: 'varchar', length: 64, nullable: true })
  stationId!: string | null;

  @ManyToOne(() => Station, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'station_id', foreignKeyConstraintName: 'FK_playlist_items_station_id' })
  station?: Relation<Station>;

  @Column({ name: 'track_id', type: 'uuid', nullable: true })
  trackId!: string | null;

  @ManyToOne(() => Track, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'track_id', foreignKeyConstraintName: 'FK_playlist_items_track_id' })
  track?: Relation<Track>;
}
