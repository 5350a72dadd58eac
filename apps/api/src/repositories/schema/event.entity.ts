import { Check, Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const EVENT_CATEGORIES = ['Festival', 'Concert', 'Tribute'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** An event as EVENTS_FILE defines it, checked. */
export interface EventDefinition {
  id: string;
  title: string;
  artist: string;
  eventDate: Date;
  venue: string;
  location: string;
  /** PLN, a decimal string ("149.99"), kept exact. */
  price: string;
  ticketUrl: string;
  imageUrl: string;
  description: string;
  category: EventCategory;
}

/**
 * An event of EVENTS_FILE (synced at boot). An event dropped from the file stays, unlisted, so its affiliate
 * clicks keep pointing at it.
 */
@Entity({ name: 'events' })
@Check('CHK_events_category', `"category" IN ('Festival', 'Concert', 'Tribute')`)
@Index('IDX_events_listed_event_date', ['listed', 'eventDate'])
export class MusicEvent {
  /** The operator's id from the file. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 200 })
  artist!: string;

  @Column({ name: 'event_date', type: 'timestamptz' })
  eventDate!: Date;

  @Column({ type: 'varchar', length: 200 })
  venue!: string;

  @Column({ type: 'varchar', length: 200 })
  location!: string;

  /** PLN. numeric keeps it exact; the driver hands it back as a string ("149.00"). */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  price!: string;

  @Column({ name: 'ticket_url', type: 'varchar', length: 2048 })
  ticketUrl!: string;

  @Column({ name: 'image_url', type: 'varchar', length: 2048 })
  imageUrl!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 16 })
  category!: EventCategory;

  /** Whether EVENTS_FILE still has it. */
  @Column({ type: 'boolean', default: true })
  listed!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
