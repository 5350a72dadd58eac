import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { GENRES, STATION_PLANS, STREAM_CODECS, type Genre, type StationPlan, type StreamCodec } from '../repositories/schema/station-definition';
import { CountryCode, OneOfSlugs, SLUG_OR_LABEL } from '../core/http/enum-input';
import { trim } from '../core/http/text-input';
import { API_PREFIX } from '../core/http/openapi';

export class StationsQueryDto {
  @ApiPropertyOptional({ example: 'pl', description: 'Two-letter country code (ISO 3166-1 alpha-2) in either case: PL and pl are the same' })
  @IsOptional()
  @CountryCode('country')
  country?: string;

  @ApiPropertyOptional({ enum: GENRES, description: SLUG_OR_LABEL })
  @IsOptional()
  @OneOfSlugs('genre', GENRES)
  genre?: Genre;

  @ApiPropertyOptional({ description: 'Text in the name, description or genres', maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  q?: string;
}

export class StationIdParamDto {
  @ApiProperty({ example: 'fip-rock' })
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'id must be a station slug' })
  @MaxLength(64)
  id!: string;
}

export class CountryDto {
  @ApiProperty({ example: 'pl' }) code!: string;
  @ApiProperty({ example: 'Polska' }) name!: string;
  @ApiProperty({
    example: '🇵🇱',
    deprecated: true,
    description: "The country's flag as an emoji (two regional-indicator letters). Chromium on Linux draws it as two empty boxes and Windows as the letters, so our app shows its own mark (an SVG flag or the code) instead; kept for clients that render it",
  })
  flag!: string;
}

export class ProgramDto {
  @ApiPropertyOptional() artist?: string;
  @ApiPropertyOptional() title?: string;
  @ApiPropertyOptional() program?: string;
}

/** The spec's documented `nowPlaying` of a station. */
export class StationNowPlayingDto {
  @ApiProperty({ nullable: true, type: String }) artist!: string | null;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Stream metadata has no album: always null for now' }) album!: string | null;
}

export class StationDto {
  @ApiProperty({ example: 'fip-rock' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: CountryDto }) country!: CountryDto;
  @ApiProperty({ enum: GENRES, description: 'The main genre (the first of genres; the catalogue gives every station one)' }) genre!: Genre;
  @ApiProperty({ enum: GENRES, isArray: true }) genres!: Genre[];
  @ApiProperty({ description: 'Our relay of the station, same-origin (CORS-free for Web Audio)', example: `/${API_PREFIX}/radio/fip-rock/stream` }) streamUrl!: string;
  @ApiProperty({ type: StationNowPlayingDto, nullable: true, description: 'What our relay reads from the station now; null while nobody listens (ask GET /radio/{id}/nowplaying)' })
  nowPlaying!: StationNowPlayingDto | null;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ description: 'CSS gradient for the station card' }) gradient!: string;
  @ApiProperty({ nullable: true, type: String }) logoUrl!: string | null;
  @ApiProperty() featured!: boolean;
  @ApiProperty({ description: 'Listeners on our relay right now (a real count, never an estimate)', minimum: 0 }) listeners!: number;
  @ApiProperty({ nullable: true, type: String }) homepage!: string | null;
  @ApiProperty({ description: "The station's own stream (upstream) address" }) sourceUrl!: string;
  @ApiProperty({ nullable: true, enum: STREAM_CODECS }) codec!: StreamCodec | null;
  @ApiProperty({ nullable: true, type: Number, description: "The standard stream's bitrate in kbit/s (null when the catalogue does not know it)", example: 128 })
  bitrate!: number | null;
  @ApiProperty({ description: 'Whether the station has a higher-quality stream (for paid plans)' }) hasHighQuality!: boolean;
  @ApiProperty({ nullable: true, type: Number, description: "The higher-quality stream's bitrate in kbit/s, which plans with 320 kbps hear (null without one)", example: 256 })
  highQualityBitrate!: number | null;
  @ApiProperty({ description: 'Whether the station has a lossless stream (FLAC), which plans with lossless audio (Ultra) hear' }) hasLossless!: boolean;
  @ApiProperty({ enum: STATION_PLANS, description: 'Who may play it: basic (every plan) or premium (paid plans)' }) plan!: StationPlan;
  @ApiProperty({ nullable: true, type: ProgramDto, description: "The catalogue's program data" }) program!: ProgramDto | null;
}


export class LikesDto {
  @ApiProperty({ minimum: 0 }) count!: number;
  @ApiProperty({ description: 'Whether the caller (when signed in) likes the station' }) likedByMe!: boolean;
}

export class LikedStationsDto {
  @ApiProperty({ type: [String], description: 'The stations the caller likes, most recently liked first', example: ['antyradio'] })
  stationIds!: string[];
}

export class WeeklyTopEntryDto {
  @ApiProperty({ minimum: 1 }) rank!: number;
  @ApiProperty({ type: StationDto }) station!: StationDto;
  @ApiProperty() totalLikes!: number;
  @ApiProperty() isFeatured!: boolean;
}

export class WeeklyTopDto {
  @ApiProperty({ format: 'date', description: 'Monday (Europe/Warsaw)' }) weekStart!: string;
  @ApiProperty({ format: 'date', description: 'Sunday (Europe/Warsaw)' }) weekEnd!: string;
  @ApiProperty({ format: 'date-time', description: 'When the week ends: the countdown target' }) periodEndsAt!: string;
  @ApiProperty({ type: [WeeklyTopEntryDto], description: 'Top 10 by likes this week' }) stations!: WeeklyTopEntryDto[];
  @ApiProperty({ type: WeeklyTopEntryDto, nullable: true, description: 'The first of the top with is_featured' })
  featured!: WeeklyTopEntryDto | null;
}

export const NOW_PLAYING_SOURCES = ['stream', 'catalogue', 'station'] as const;

export class NowPlayingDto {
  @ApiProperty({ nullable: true, type: String }) artist!: string | null;
  @ApiProperty({ nullable: true, type: String }) title!: string | null;
  @ApiProperty({ nullable: true, type: String }) program!: string | null;
  @ApiProperty({ enum: NOW_PLAYING_SOURCES, description: "stream: the station's own metadata; catalogue: its program data; station: nothing known" })
  source!: (typeof NOW_PLAYING_SOURCES)[number];
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}
