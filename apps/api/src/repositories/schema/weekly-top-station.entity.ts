import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Station } from './station.entity';

/** A station's likes in one week (Monday to Sunday, Europe/Warsaw), written by calculate_weekly_radio_stats(). */
@Entity({ name: 'weekly_top_stations' })
@Index('UQ_weekly_top_stations_week_station', ['weekStart', 'stationId'], { unique: true })
export class WeeklyTopStation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'week_start', type: 'date' })
  weekStart!: string;

  @Column({ name: 'week_end', type: 'date' })
  weekEnd!: string;

  @Column({ name: 'station_id', type: 'varchar', length: 64 })
  stationId!: string;

  @ManyToOne(() => Station, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'station_id', foreignKeyConstraintName: 'FK_weekly_top_stations_station_id' })
  station?: Relation<Station>;

  @Column({ name: 'total_likes', type: 'integer' })
  totalLikes!: number;

  @Column({ name: 'is_featured', type: 'boolean' })
  isFeatured!: boolean;

  @Column({ name: 'calculated_at', type: 'timestamptz' })
  calculatedAt!: Date;
}
