import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { SEGMENT_NAME } from './hls-playlist';
import { STREAM_AUDIENCES, STREAM_GENRES, STREAM_STATUSES, type StreamAudience, type StreamGenre, type StreamStatus } from '../repositories/schema/live-stream.entity';
import { OneOfSlugs } from '../core/http/enum-input';
import { OneLine, TEXT, trim } from '../core/http/text-input';

export class CreateStreamDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Próba przed trasą' })
  @OneLine('title', 100)
  title!: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  @Matches(TEXT, { message: 'description must be text' })
  description?: string;

  @ApiProperty({ enum: STREAM_GENRES, description: 'In any case: Rock and rock are the same' })
  @OneOfSlugs('genre', STREAM_GENRES)
  genre!: StreamGenre;

  @ApiPropertyOptional({ enum: STREAM_AUDIENCES, default: 'everyone', description: 'Who may watch: everyone, or Ultra members only (the owner always may)' })
  @IsOptional()
  @IsIn(STREAM_AUDIENCES, { message: `audience must be one of ${STREAM_AUDIENCES.join(', ')}` })
  audience?: StreamAudience;
}

/** What the owner may change while the stream is ready or live. */
export class UpdateStreamDto {
  @ApiProperty({ enum: STREAM_AUDIENCES, description: 'Who may watch: everyone, or Ultra members only (the owner always may)' })
  @IsIn(STREAM_AUDIENCES, { message: `audience must be one of ${STREAM_AUDIENCES.join(', ')}` })
  audience!: StreamAudience;
}

/** Where this viewer plays the stream: for an Ultra-only one, with their access in the URL (the player sends no token). */
export class WatchDto {
  @ApiProperty({ format: 'uri', description: 'The HLS playlist to play; an Ultra-only stream’s carries this viewer’s access (?access=…), which its segment URLs repeat' })
  playbackUrl!: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true, description: 'When the access in playbackUrl ends (null: the stream is everyone’s)' })
  accessUntil!: string | null;
}

/** The spec's documented stream object: what OBS needs, shown once. */
export class CreatedStreamDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'The stream key, shown only now (we keep its hash): OBS "Stream Key"', example: 'kq3Vd0…' }) streamKey!: string;
  @ApiProperty({ type: String, nullable: true, description: 'OBS "Server" (RTMP); null when this installation takes no RTMP', example: 'rtmp://localhost:1935/live' })
  ingestUrl!: string | null;
  @ApiProperty({ format: 'uri', description: 'The HLS playlist viewers play (the replay, once it ended)' }) playbackUrl!: string;
  @ApiProperty({ enum: ['ready'] }) status!: 'ready';
  @ApiProperty({ type: 'integer', description: 'Viewers the stream takes at once', example: 200 }) maxListeners!: number;
}

export class LiveStreamDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ enum: STREAM_GENRES }) genre!: StreamGenre;
  @ApiProperty({ enum: STREAM_STATUSES, description: 'ready: waiting for video; live; ended: a replay' }) status!: StreamStatus;
  @ApiProperty({ description: 'The spec’s is_live' }) isLive!: boolean;
  @ApiProperty({ enum: STREAM_AUDIENCES, description: 'Who may watch: everyone, or Ultra members only (and the owner)' }) audience!: StreamAudience;
  @ApiProperty({ type: String, nullable: true, example: 'ultra', description: 'The plan a viewer needs to play it, ultra (null: anyone); others see it locked' })
  requiredPlan!: 'ultra' | null;
  @ApiProperty({ type: String, nullable: true, description: 'The owner’s public name' }) ownerName!: string | null;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) startedAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) endedAt!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Length of the replay in seconds' }) durationSeconds!: number | null;
  @ApiProperty({ format: 'uri' }) playbackUrl!: string;
  @ApiProperty({ type: 'integer', description: 'Viewers now (live streams)' }) viewers!: number;
}

export class CurrentStreamDto {
  @ApiProperty({ type: LiveStreamDto, nullable: true, description: 'The signed-in user’s stream that has not ended' }) stream!: LiveStreamDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'OBS "Server" (RTMP), null when this installation takes no RTMP' }) ingestUrl!: string | null;
}

export class StreamListDto {
  @ApiProperty({ type: [LiveStreamDto] }) live!: LiveStreamDto[];
  @ApiProperty({ type: [LiveStreamDto], description: 'Ended streams, the latest first' }) replays!: LiveStreamDto[];
}

export class StreamIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a stream id (a uuid)' })
  id!: string;
}

export class SegmentParamDto extends StreamIdParamDto {
  @ApiProperty({ example: 'seg-12.ts' })
  @Matches(SEGMENT_NAME, { message: 'segment must be a segment file such as seg-12.ts' })
  segment!: string;
}

export class AccessQueryDto {
  @ApiPropertyOptional({ description: 'An Ultra-only stream’s viewer access, from POST /stream/{id}/watch (the playlist’s segment URLs carry it too)' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43}$/, { message: 'access must be the access of POST /stream/{id}/watch' })
  access?: string;
}

export class PlaylistQueryDto extends AccessQueryDto {
  @ApiPropertyOptional({ description: 'A random id the player keeps while it plays, so it is counted once as a viewer' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'viewer must be 8 to 64 letters, digits, - or _' })
  viewer?: string;
}

export class WhipQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The stream’s id, when the Bearer token is your access token (going live from the browser)' })
  @IsOptional()
  @IsUUID('all', { message: 'stream must be a stream id' })
  stream?: string;
}
