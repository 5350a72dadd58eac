import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';
import { Station } from './station.entity';

/** One user's like of one station (at most one: the unique index makes toggling race-free). */
@Entity({ name: 'station_likes' })
@Index('UQ_station_likes_station_user', ['stationId', 'userId'], { unique: true })
export class StationLike {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'station_id', type: 'varchar', length: 64 })
  stationId!: string;

  @ManyToOne(() => Station, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'station_id', foreignKeyConstraintName: 'FK_station_likes_station_id' })
  station?: Relation<Station>;

  @Index('IDX_station_likes_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_station_likes_user_id' })
  user?: Relation<User>;

  @Index('IDX_station_likes_created_at')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
