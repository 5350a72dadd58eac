import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { trim } from '../core/http/text-input';
import { EventDto } from '../events/events.dto';
import { PlaylistDto } from '../playlists/playlist.dto';
import { StationDto } from '../radio/radio.dto';
import { TrackDto } from '../radio/track.dto';

export const SEARCH_TYPES = ['station', 'track', 'event', 'playlist'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export class SearchQueryDto {
  @ApiProperty({ description: 'What to look for (case and Polish accents do not matter)', minLength: 1, maxLength: 100 })
  @Transform(trim)
  @IsString()
  @Length(1, 100)
  q!: string;

  @ApiPropertyOptional({ enum: SEARCH_TYPES, description: 'Only this kind; every kind when absent' })
  @IsOptional()
  @IsIn(SEARCH_TYPES, { message: `type must be one of ${SEARCH_TYPES.join(', ')}` })
  type?: SearchType;
}

/** Every kind's matches; the kinds not asked for are empty. */
export class SearchResultDto {
  @ApiProperty({ type: [StationDto] }) stations!: StationDto[];
  @ApiProperty({ type: [TrackDto], description: 'Tracks our relays heard, the most played first (at most 20)' }) tracks!: TrackDto[];
  @ApiProperty({ type: [EventDto], description: 'Upcoming events' }) events!: EventDto[];
  @ApiProperty({ type: [PlaylistDto], description: 'Public playlists (at most 20)' }) playlists!: PlaylistDto[];
}
