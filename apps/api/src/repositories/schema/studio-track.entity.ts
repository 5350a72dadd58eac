import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';
import { StudioGeneration } from './studio-generation.entity';

/**
 * A track in a user's library: one of the clips a generation made (the built-in generator makes one, providers two).
 * Its audio and cover are ours, in the media storage; the track stays the user's whatever their plan later is.
 */
@Entity({ name: 'studio_tracks' })
@Index('UQ_studio_tracks_generation_position', ['generationId', 'position'], { unique: true })
@Index('IDX_studio_tracks_user_created_at', ['userId', 'createdAt'])
export class StudioTrack {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_studio_tracks_user_id' })
  user?: Relation<User>;

  @Column({ name: 'generation_id', type: 'uuid' })
  generationId!: string;

  @ManyToOne(() => StudioGeneration, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'generation_id', foreignKeyConstraintName: 'FK_studio_tracks_generation_id' })
  generation?: Relation<StudioGeneration>;

  /** The clip's place in its generation (0, and 1 for a provider's second clip). */
  @Column({ type: 'smallint' })
  position!: number;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  /** Seconds of audio. */
  @Column({ type: 'real' })
  duration!: number;

  /** e.g. "punk rock, 176 bpm, E minor". */
  @Column({ type: 'varchar', length: 300 })
  tags!: string;

  /** Keys in the media storage. */
  @Column({ name: 'audio_key', type: 'varchar', length: 200 })
  audioKey!: string;

  @Column({ name: 'image_key', type: 'varchar', length: 200 })
  imageKey!: string;

  @Column({ name: 'audio_bytes', type: 'integer' })
  audioBytes!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
