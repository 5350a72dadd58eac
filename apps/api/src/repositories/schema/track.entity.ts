import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A track a station has really played: an artist and a title read from its stream's metadata by one of our relays.
 * One row per track however often it plays (the plays are in track_plays); `key` is the folded "artist – title", so
 * "AC/DC - Thunderstruck" and "ac/dc – THUNDERSTRUCK" are one track. Stream metadata has no album or duration.
 */
@Entity({ name: 'tracks' })
export class Track {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('UQ_tracks_key', { unique: true })
  @Column({ type: 'varchar', length: 520 })
  key!: string;

  @Column({ type: 'varchar', length: 200 })
  artist!: string;

  /** The folded artist, for recommendations by artist. */
  @Index('IDX_tracks_artist_key')
  @Column({ name: 'artist_key', type: 'varchar', length: 200 })
  artistKey!: string;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  album!: string | null;

  /** Seconds; unknown for what the radio played. */
  @Column({ type: 'integer', nullable: true })
  duration!: number | null;

  /** The first genre of the station that first played it. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  genre!: string | null;

  @Column({ name: 'play_count', type: 'integer', default: 0 })
  playCount!: number;

  @Column({ name: 'first_played_at', type: 'timestamptz', default: () => 'now()' })
  firstPlayedAt!: Date;

  @Column({ name: 'last_played_at', type: 'timestamptz', default: () => 'now()' })
  lastPlayedAt!: Date;
}
