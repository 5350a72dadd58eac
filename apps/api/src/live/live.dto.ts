import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { SEGMENT_NAME } from './hls-playlist';
import { STREAM_GENRES, STREAM_STATUSES, type StreamGenre, type StreamStatus } from './live-stream.entity';
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

  @ApiProperty({ enum: STREAM_GENRES })
  @IsIn(STREAM_GENRES, { message: `genre must be one of ${STREAM_GENRES.join(', ')}` })
  genre!: StreamGenre;
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

export class PlaylistQueryDto {
  @ApiPropertyOptional({ description: 'A random id the player keeps while it plays, so it is counted once as a viewer' })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'viewer must be 8 to 64 letters, digits, - or _' })
  viewer?: string;
}
