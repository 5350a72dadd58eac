import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { GENERATION_ENGINES, GENERATION_STATUSES, type GenerationEngine, type GenerationStatus } from '../repositories/schema/studio-generation.entity';
import { PROMPT_MAX, STUDIO_GENRES, STUDIO_TOOLS, type StudioTool, TRACK_LENGTHS, type TrackLength } from './studio-options';
import { OneOfSlugs, SLUG_OR_LABEL } from '../core/http/enum-input';
import { OneLine, ONE_LINE, TEXT, trim } from '../core/http/text-input';

export class GenerateDto {
  @ApiProperty({ minLength: 1, maxLength: PROMPT_MAX, description: 'What the track should be like, in any words (Polish or English)', example: 'Szybki punk o nocnej jeździe przez miasto' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'prompt must not be blank' })
  @MaxLength(PROMPT_MAX)
  @Matches(TEXT, { message: 'prompt must be text' })
  prompt!: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'Default "AI Generated Track"' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  @Matches(ONE_LINE, { message: 'title must be one line of text' })
  title?: string;

  @ApiPropertyOptional({ enum: STUDIO_GENRES, description: `Default hard-rock. ${SLUG_OR_LABEL}: the spec's labels (Hard Rock, Heavy Metal, Progressive Rock, Punk Rock, Alternative Rock, Grunge) and the slugs are both accepted` })
  @IsOptional()
  @OneOfSlugs('genre', STUDIO_GENRES)
  genre?: (typeof STUDIO_GENRES)[number];

  @ApiPropertyOptional({ enum: TRACK_LENGTHS, description: 'Default 30s (the free preview); 5min+ needs Premium or Ultra' })
  @IsOptional()
  @IsIn(TRACK_LENGTHS, { message: `length must be one of ${TRACK_LENGTHS.join(', ')}` })
  length?: TrackLength;

  @ApiPropertyOptional({ enum: STUDIO_TOOLS, description: 'The tool card chosen (default suno), in any case (Suno, suno); aiva and bandlab need Premium or Ultra' })
  @IsOptional()
  @OneOfSlugs('provider', STUDIO_TOOLS)
  provider?: StudioTool;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 2147483647, description: 'The built-in generator’s seed: the same seed, words, genre and length give the same audio. Default: random' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2147483647)
  seed?: number;
}

export class GenerateResultDto {
  @ApiProperty({ type: [String], description: 'The generation to ask about with POST /studio/status' }) task_ids!: string[];
  @ApiProperty({ enum: GENERATION_ENGINES, description: 'builtin: our algorithmic generator (not a neural model); provider: the configured Suno-compatible API' })
  engine!: GenerationEngine;
  @ApiProperty({ type: String, nullable: true, description: 'provider_unavailable when the provider is failing and the built-in generator stands in' }) notice!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Always null on success (the spec’s field)' }) error!: null;
}

export class StatusDto {
  @ApiProperty({ type: [String], minItems: 1, maxItems: 20 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsUUID('all', { each: true, message: 'task_ids must be the ids generate returned' })
  task_ids!: string[];
}

export class TrackDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ example: 'AI Generated' }) artist!: string;
  @ApiProperty({ description: 'Seconds' }) duration!: number;
  @ApiProperty({ example: 'punk rock, 176 bpm, E minor' }) tags!: string;
  @ApiProperty({ description: 'Same-origin MP3, with Range; add download=1 to its query to save it. A signed link that works until expires_at (then 403 link_expired)' })
  audio_url!: string;
  @ApiProperty({ description: 'Same-origin cover (SVG, or the provider’s image). A signed link that works until expires_at' }) image_url!: string;
  @ApiProperty({ format: 'date-time', description: 'When audio_url and image_url stop working (MEDIA_LINK_SECONDS after this answer); ask for the track again before then' })
  expires_at!: string;
  @ApiProperty({ enum: STUDIO_GENRES }) genre!: string;
  @ApiProperty() prompt!: string;
  @ApiProperty({ enum: STUDIO_TOOLS, description: 'The tool card it was asked of' }) tool!: string;
  @ApiProperty({ enum: GENERATION_ENGINES, description: 'What really made it' }) engine!: GenerationEngine;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class GenerationErrorDto {
  @ApiProperty({ example: 'content_refused' }) code!: string;
  @ApiProperty() message!: string;
}

export class StatusResultDto {
  @ApiProperty({ description: 'Every asked generation has ended (succeeded or failed)' }) completed!: boolean;
  @ApiProperty({ enum: GENERATION_STATUSES, description: 'The least advanced of them' }) status!: GenerationStatus;
  @ApiProperty({ type: [TrackDto] }) tracks!: TrackDto[];
  @ApiProperty({ type: GenerationErrorDto, nullable: true, description: 'Why a generation failed (it does not count against the daily limit)' })
  error!: GenerationErrorDto | null;
  @ApiProperty({ type: String, nullable: true }) notice!: string | null;
}

export class LibraryDto {
  @ApiProperty({ type: [TrackDto], description: 'Your tracks, the newest first' }) tracks!: TrackDto[];
}

export class UsageDto {
  @ApiProperty({ enum: ['basic', 'premium', 'ultra'] }) plan!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Generations a day (Europe/Warsaw); null: unlimited' }) limit!: number | null;
  @ApiProperty({ type: 'integer', description: 'Used today (failed ones do not count)' }) used!: number;
  @ApiProperty({ type: 'integer', nullable: true }) remaining!: number | null;
  @ApiProperty({ description: 'AIVA and BandLab' }) premiumTools!: boolean;
  @ApiProperty({ description: 'The 5+ min length' }) longTracks!: boolean;
}

export class RenameTrackDto {
  @ApiProperty({ minLength: 1, maxLength: 100 })
  @OneLine('title', 100)
  title!: string;
}

export class TrackIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a track id' })
  id!: string;
}

/**
 * A signed media link's parameters, as audio_url and image_url carry them. Checked by the service, not here: any value
 * that does not match is the same 403 link_invalid, whatever its shape.
 */
export class MediaLinkQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'The link’s expiry, seconds since the epoch (part of the signed link)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  expires?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'The link’s signature (part of the signed link)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sig?: string;
}

export class AudioQueryDto extends MediaLinkQueryDto {
  @ApiPropertyOptional({ enum: ['1'], description: 'Save as a file instead of playing' })
  @IsOptional()
  @IsIn(['1'])
  download?: '1';
}

export class ProviderHealthDto {
  @ApiProperty({ enum: GENERATION_ENGINES, description: 'What makes new tracks now' }) engine!: GenerationEngine;
  @ApiProperty({ description: 'The built-in generator, honestly: an algorithmic generator, not a neural model' }) generator!: string;
  @ApiProperty({ type: 'integer' }) generatorVersion!: number;
  @ApiProperty({ description: 'A Suno-compatible provider is configured (MUSIC_PROVIDER_URL)' }) configured!: boolean;
  @ApiProperty({ type: String, nullable: true, enum: ['task', 'relay', 'gcui'] }) kind!: string | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'It answered with our key just now; null when none is configured' }) reachable!: boolean | null;
  @ApiProperty({ type: Number, nullable: true }) latencyMs!: number | null;
  @ApiProperty({ enum: ['closed', 'open'], description: 'open: it failed repeatedly, the built-in generator stands in until openUntil' }) circuit!: 'closed' | 'open';
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) openUntil!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}
