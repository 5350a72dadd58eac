import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A viewer an API process saw on a stream lately (its player reloads the playlist about every second): each process
 * records its own and counts everyone's, so a stream's count and cap hold over every process. No foreign key: rows
 * expire within a minute, and a stream deleted meanwhile must not fail a whole batch.
 */
@Entity({ name: 'live_viewers' })
@Index('IDX_live_viewers_seen_at', ['seenAt'])
export class LiveViewer {
  @PrimaryColumn({ name: 'stream_id', type: 'uuid' })
  streamId!: string;

  /** The player's id or its address, hashed. */
  @PrimaryColumn({ name: 'viewer_key', type: 'varchar', length: 32 })
  viewerKey!: string;

  @Column({ name: 'seen_at', type: 'timestamptz' })
  seenAt!: Date;
}
