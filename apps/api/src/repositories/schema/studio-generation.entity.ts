import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** queued: waiting for a worker; running: being made; succeeded: its tracks are stored; failed: nothing (and not counted). */
export const GENERATION_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** What makes the audio: the built-in algorithmic generator, or the configured Suno-compatible provider. */
export const GENERATION_ENGINES = ['builtin', 'provider'] as const;
export type GenerationEngine = (typeof GENERATION_ENGINES)[number];

/** What the user asked for, as the generate request gave it (after defaults). */
export interface GenerationParams {
  prompt: string;
  title: string;
  genre: string;
  length: string;
  tool: string;
}

/**
 * One generate request (the spec's task): its state, what it asked for, and what made it. It counts against the
 * user's daily limit unless it failed; `warsaw_day` is the Europe/Warsaw calendar day the limit is counted on. At most
 * one generation of a user is queued or running (the partial unique index makes that race-free).
 */
@Entity({ name: 'studio_generations' })
@Index('UQ_studio_generations_user_active', ['userId'], { unique: true, where: `"status" IN ('queued', 'running')` })
@Index('IDX_studio_generations_user_day', ['userId', 'warsawDay'])
@Check('CHK_studio_generations_status', `"status" IN ('queued', 'running', 'succeeded', 'failed')`)
@Check('CHK_studio_generations_engine', `"engine" IN ('builtin', 'provider')`)
export class StudioGeneration {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_studio_generations_user_id' })
  user?: Relation<User>;

  @Column({ type: 'varchar', length: 10, default: 'queued' })
  status!: GenerationStatus;

  @Column({ type: 'varchar', length: 10 })
  engine!: GenerationEngine;

  @Column({ type: 'jsonb' })
  params!: GenerationParams;

  /** The built-in generator's seed: with the params and the generator's version, one sound. */
  @Column({ type: 'integer' })
  seed!: number;

  @Column({ name: 'generator_version', type: 'integer' })
  generatorVersion!: number;

  /** The provider's task or clip ids, kept as soon as it accepted the request, so a retried job polls instead of asking again. */
  @Column({ name: 'provider_task_ids', type: 'text', array: true, nullable: true })
  providerTaskIds!: string[] | null;

  /** Why the provider was not used (it was failing): shown to the user. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  notice!: string | null;

  @Column({ name: 'error_code', type: 'varchar', length: 40, nullable: true })
  errorCode!: string | null;

  @Column({ name: 'error_message', type: 'varchar', length: 300, nullable: true })
  errorMessage!: string | null;

  @Column({ name: 'warsaw_day', type: 'date' })
  warsawDay!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
