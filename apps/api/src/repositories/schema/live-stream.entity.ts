import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

export const STREAM_GENRES = ['rock', 'metal', 'pop', 'jazz', 'blues', 'electronic', 'other'] as const;
export type StreamGenre = (typeof STREAM_GENRES)[number];

/** ready: created, waiting for its publisher; live: its first segment is written; ended: a replay. */
export const STREAM_STATUSES = ['ready', 'live', 'ended'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];

/** Who may watch: everyone, or Ultra members (PLAN_LIMITS' exclusiveLive) and the owner. */
export const STREAM_AUDIENCES = ['everyone', 'ultra'] as const;
export type StreamAudience = (typeof STREAM_AUDIENCES)[number];

/** How the stream reached us: OBS (or any RTMP encoder) or the browser's recorder over a WebSocket. */
/** How the stream's video came: OBS over RTMP, OBS (or another encoder) over WHIP, or the browser (WHIP or its socket). */
export type StreamSource = 'rtmp' | 'whip' | 'browser';

/**
 * A user's live stream (the spec's live_streams): the spec's is_live is `status = 'live'`, its stream_key is kept only
 * as a hash. At most one stream of a user is not ended (the partial unique index makes creating race-free).
 */
@Entity({ name: 'live_streams' })
@Index('UQ_live_streams_user_unended', ['userId'], { unique: true, where: `"status" <> 'ended'` })
@Index('IDX_live_streams_status_started_at', ['status', 'startedAt'])
@Check('CHK_live_streams_status', `"status" IN ('ready', 'live', 'ended')`)
@Check('CHK_live_streams_audience', `"audience" IN ('everyone', 'ultra')`)
@Check('CHK_live_streams_genre', `"genre" IN ('rock', 'metal', 'pop', 'jazz', 'blues', 'electronic', 'other')`)
export class LiveStream {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_live_streams_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 16 })
  genre!: StreamGenre;

  @Column({ type: 'varchar', length: 8, default: 'ready' })
  status!: StreamStatus;

  /** Who may play its playlist and segments (docs/live.md, "Ultra-only streams"); the owner always may. */
  @Column({ type: 'varchar', length: 8, default: 'everyone' })
  audience!: StreamAudience;

  @Column({ type: 'varchar', length: 8, nullable: true })
  source!: StreamSource | null;

  /** SHA-256 (hex) of the stream key. */
  @Index('UQ_live_streams_stream_key_hash', { unique: true })
  @Column({ name: 'stream_key_hash', type: 'char', length: 64 })
  streamKeyHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Index('IDX_live_streams_ended_at')
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  /**
   * While a publisher's packaging starts (before its first segment), the API process running it holds the stream
   * until then, renewing it as it waits: publishers reaching different processes get one winner, and a process that
   * dies lets go when it runs out.
   */
  @Column({ name: 'publisher_until', type: 'timestamptz', nullable: true })
  publisherUntil!: Date | null;

  /** When the packager last journaled a segment: any process's sweep tells a stream whose packager went away by it. */
  @Column({ name: 'last_segment_at', type: 'timestamptz', nullable: true })
  lastSegmentAt!: Date | null;

  /**
   * When its publisher's connection dropped while it was live: the stream stays live for LIVE_RECONNECT_SECONDS from
   * then, and a publisher of its key who comes back meanwhile, to any API process, continues it (docs/live.md,
   * "Reconnecting"). Null while a publisher sends.
   */
  @Column({ name: 'disconnected_at', type: 'timestamptz', nullable: true })
  disconnectedAt!: Date | null;

  /**
   * The internal URL (LIVE_WEBRTC_ORIGIN_URL) of the API process whose WebRTC engine has the stream's media now, where
   * other replicas forward its WHEP, PATCH and DELETE (docs/live.md, "Several replicas"). Null while no engine has it.
   */
  @Column({ name: 'webrtc_origin', type: 'text', nullable: true })
  webrtcOrigin!: string | null;

  /** Its publisher's video is encoded (a browser's VP8), counted against LIVE_MAX_TRANSCODES over every process. */
  @Column({ type: 'boolean', default: false })
  transcoding!: boolean;

  /** Seconds of video the replay holds, set when the stream ends. */
  @Column({ name: 'duration_seconds', type: 'real', nullable: true })
  durationSeconds!: number | null;
}
