import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';
import { MusicEvent } from './event.entity';

/** A click on an event's ticket link: the affiliate record (track-affiliate-click). */
@Entity({ name: 'affiliate_clicks' })
export class AffiliateClick {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_affiliate_clicks_event_id')
  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  // RESTRICT: events are never deleted by the app, and a click must not silently lose its event.
  @ManyToOne(() => MusicEvent, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'FK_affiliate_clicks_event_id' })
  event?: Relation<MusicEvent>;

  /** The URL that was opened, with our ref and event parameters. */
  @Column({ name: 'ticket_url', type: 'varchar', length: 2048 })
  ticketUrl!: string;

  /** The page the visitor came from; may be empty. */
  @Column({ type: 'varchar', length: 2048 })
  referrer!: string;

  /** When the browser says the click happened. */
  @Column({ name: 'click_timestamp', type: 'timestamptz' })
  clickTimestamp!: Date;

  /** The signed-in (or anonymous-session) user, when the click came with a valid access token. */
  @Index('IDX_affiliate_clicks_user_id')
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_affiliate_clicks_user_id' })
  user?: Relation<User>;

  @Index('IDX_affiliate_clicks_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
