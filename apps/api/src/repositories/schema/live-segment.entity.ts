import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { LiveStream } from './live-stream.entity';

/**
 * One segment of a stream, journaled as the packager moves it into the media store: the replay lists them all, and
 * whichever process ends the stream (its packager, or the sweep after that one went away) writes it from here.
 */
@Entity({ name: 'live_segments' })
export class LiveSegment {
  @PrimaryColumn({ name: 'stream_id', type: 'uuid' })
  streamId!: string;

  @ManyToOne(() => LiveStream, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'stream_id', foreignKeyConstraintName: 'FK_live_segments_stream_id' })
  stream?: Relation<LiveStream>;

  /** The stream's media sequence number (ffmpeg's, continued across a publisher's reconnects). */
  @PrimaryColumn({ type: 'integer' })
  sequence!: number;

  /** The segment's file name (`seg-N.ts`). */
  @Column({ type: 'varchar', length: 16 })
  uri!: string;

  /** Seconds. */
  @Column({ type: 'real' })
  duration!: number;

  /** The first segment of a part its publisher sent after reconnecting: players are told its timestamps start afresh. */
  @Column({ type: 'boolean', default: false })
  discontinuity!: boolean;
}
