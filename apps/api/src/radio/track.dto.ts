import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';

/** The spec's documented track object, and how often our relays have heard it. */
export class TrackDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Dezerter' }) artist!: string;
  @ApiProperty({ example: 'Spytaj milicjanta' }) title!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Stream metadata carries no album: null until a source does' }) album!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Seconds; unknown (null) for what the radio played' }) duration!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The main genre of the station that first played it' }) genre!: string | null;
  @ApiProperty({ description: 'Plays our relays have seen, on all stations' }) playCount!: number;
  @ApiProperty({ format: 'date-time' }) lastPlayedAt!: string;
}

export class TrackPlayDto {
  @ApiProperty({ example: 'antyradio' }) stationId!: string;
  @ApiProperty({ format: 'date-time' }) playedAt!: string;
}

export class TrackDetailDto extends TrackDto {
  @ApiProperty({ format: 'date-time' }) firstPlayedAt!: string;
  @ApiProperty({ type: [TrackPlayDto], description: 'Where and when it played, the latest 20 plays' }) plays!: TrackPlayDto[];
}

export class TrackIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a track id' })
  id!: string;
}

/** An optional `limit` query parameter: a whole number from 1 to 50. */
function ResultLimit(byDefault: number): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 50, default: byDefault }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)),
    IsInt(),
    Min(1),
    Max(50),
  );
}

export class RecommendationsQueryDto {
  @ApiProperty({ type: String, description: 'Artists to start from, comma-separated (1 to 5)', example: 'Dezerter,KSU' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',').map((artist) => artist.trim()).filter(Boolean) : value))
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(200, { each: true })
  @ArrayMinSize(1, { message: 'seed_artists must name at least one artist' })
  @ArrayMaxSize(5, { message: 'seed_artists may name at most 5 artists' })
  seed_artists!: string[];

  @ResultLimit(10)
  limit?: number;
}

export class RecommendationsDto {
  @ApiProperty({ type: [String], description: 'The seed artists as given' }) seedArtists!: string[];
  @ApiProperty({ description: 'How many of the seeds our relays have heard: with none, there is nothing to go on' }) knownSeeds!: number;
  @ApiProperty({ type: [TrackDto], description: 'Tracks by other artists, played on the stations that play the seeds, the best first' }) tracks!: TrackDto[];
}

/** A recommended track and the stations our relays heard play it, so it can be listened to. */
export class ForYouTrackDto extends TrackDto {
  @ApiProperty({ type: [String], description: 'Stations that played it, the most recent play first', example: ['antyradio'] }) stationIds!: string[];
}

export class ForYouQueryDto {
  @ResultLimit(12)
  limit?: number;
}

/** "Dla Ciebie": recommendations seeded by the account's own likes and playlists. */
export class ForYouDto {
  @ApiProperty({ type: [String], description: 'The artists the recommendations start from: played on the stations you like or keep in playlists, and the tracks in your playlists' })
  seedArtists!: string[];
  @ApiProperty({ type: [ForYouTrackDto], description: 'The best first; empty while your likes and playlists give nothing to go on' }) tracks!: ForYouTrackDto[];
}
