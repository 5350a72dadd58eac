import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * One listener's ad clock (docs/architecture.md, "Ads"): an account, or a signed-out browser known by the listener
 * cookie holding this row's id. It keeps the seconds heard since the last break and the break handed out, so
 * reloading the page neither resets the count nor skips a break.
 */
@Entity({ name: 'ad_listeners' })
export class AdListener {
  /** Also the value of the HttpOnly listener cookie, which the radio relay reads. */
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_ad_listeners' })
  id!: string;

  /** The account; null for a signed-out listener. */
  @Index('UQ_ad_listeners_user_id', { unique: true })
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_ad_listeners_user_id' })
  user?: Relation<User>;

  /** Listening counted since the last break heard, in seconds. */
  @Column({ name: 'listened_seconds', type: 'double precision', default: 0 })
  listenedSeconds!: number;

  /** The last report of the player (a heartbeat while playing, or the start of playing). */
  @Column({ name: 'reported_at', type: 'timestamptz', nullable: true })
  reportedAt!: Date | null;

  /** The break handed out and not yet heard: its id, spot, length and when it started. */
  @Column({ name: 'break_id', type: 'uuid', nullable: true })
  breakId!: string | null;

  @Column({ name: 'break_spot', type: 'varchar', length: 2048, nullable: true })
  breakSpot!: string | null;

  @Column({ name: 'break_seconds', type: 'double precision', nullable: true })
  breakSeconds!: number | null;

  @Column({ name: 'break_started_at', type: 'timestamptz', nullable: true })
  breakStartedAt!: Date | null;

  @Column({ name: 'breaks_heard', type: 'integer', default: 0 })
  breaksHeard!: number;

  @Index('IDX_ad_listeners_updated_at')
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
