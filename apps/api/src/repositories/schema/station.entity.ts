import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Genre, LosslessCodec, ProgramData, StationPlan, StreamCodec } from './station-definition';

/** A station of the catalogue (upserted at boot); a station dropped from it stays, inactive, with its likes. */
@Entity({ name: 'stations' })
export class Station {
  /** A stable slug. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'char', length: 2 })
  country!: string;

  @Column({ type: 'varchar', length: 32, array: true })
  genres!: Genre[];

  @Column({ name: 'stream_url', type: 'varchar', length: 1024 })
  streamUrl!: string;

  @Column({ type: 'varchar', length: 512, nullable: true })
  homepage!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 256, nullable: true })
  gradient!: string | null;

  @Column({ name: 'logo_url', type: 'varchar', length: 1024, nullable: true })
  logoUrl!: string | null;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ type: 'varchar', length: 8, nullable: true })
  codec!: StreamCodec | null;

  /** The standard stream's bitrate in kbit/s, when the catalogue knows it. */
  @Column({ type: 'integer', nullable: true })
  bitrate!: number | null;

  /** The higher-quality stream, for paid listeners (all three set, or none). */
  @Column({ name: 'hq_stream_url', type: 'varchar', length: 1024, nullable: true })
  hqStreamUrl!: string | null;

  @Column({ name: 'hq_bitrate', type: 'integer', nullable: true })
  hqBitrate!: number | null;

  @Column({ name: 'hq_codec', type: 'varchar', length: 8, nullable: true })
  hqCodec!: StreamCodec | null;

  /** The lossless stream, for plans with lossless audio (both set, or none). */
  @Column({ name: 'lossless_stream_url', type: 'varchar', length: 1024, nullable: true })
  losslessStreamUrl!: string | null;

  @Column({ name: 'lossless_codec', type: 'varchar', length: 8, nullable: true })
  losslessCodec!: LosslessCodec | null;

  /** Who may play it: basic (every plan) or premium (paid plans). */
  @Column({ type: 'varchar', length: 16, default: 'basic' })
  plan!: StationPlan;

  /** Where the catalogue entry was corroborated (`radio-browser:<uuid>`, a URL or a named public list). */
  @Column({ type: 'varchar', length: 512, nullable: true })
  source!: string | null;

  /** The catalogue's program data: the fallback for now-playing. */
  @Column({ type: 'jsonb', nullable: true })
  program!: ProgramData | null;

  /** Order in the catalogue. */
  @Column({ type: 'integer', default: 0 })
  position!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
