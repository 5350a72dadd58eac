import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { OneLine, TEXT, trim } from '../core/http/text-input';
import { StationDto } from '../radio/radio.dto';
import { TrackDto } from '../radio/track.dto';

export const PLAYLIST_ITEM_TYPES = ['station', 'track'] as const;
export type PlaylistItemType = (typeof PLAYLIST_ITEM_TYPES)[number];
/** Entries a playlist may hold at most (stations also count against the plan's stations). */
export const MAX_PLAYLIST_ITEMS = 500;

export class PlaylistItemInputDto {
  @ApiProperty({ enum: PLAYLIST_ITEM_TYPES })
  @IsIn(PLAYLIST_ITEM_TYPES, { message: `type must be one of ${PLAYLIST_ITEM_TYPES.join(', ')}` })
  type!: PlaylistItemType;

  @ApiProperty({ description: "A station's id (its slug) or a track's id (a uuid)", example: 'antyradio' })
  @IsString()
  @MaxLength(64)
  @ValidateIf((item: PlaylistItemInputDto) => item.type === 'station')
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'id must be a station id' })
  id!: string;
}


/** An optional description: text of at most 500 characters, trimmed. */
function PlaylistDescription(description?: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ maxLength: 500, nullable: true, type: String, ...(description ? { description } : {}) }),
    IsOptional(),
    Transform(trim),
    IsString(),
    MaxLength(500),
    Matches(TEXT, { message: 'description must be text' }),
  );
}

/** Optional entries, in order, at most MAX_PLAYLIST_ITEMS. */
function PlaylistItems(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [PlaylistItemInputDto], maxItems: MAX_PLAYLIST_ITEMS, description }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_PLAYLIST_ITEMS),
    ValidateNested({ each: true }),
    Type(() => PlaylistItemInputDto),
  );
}

/** The body of POST /user/playlists (the spec's name, description, isPublic) and, optionally, its entries. */
export class CreatePlaylistDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Polski punk na drogę' })
  @OneLine('name', 100)
  name!: string;

  @PlaylistDescription()
  description?: string | null;

  @ApiPropertyOptional({ default: false, description: 'Public playlists are found by search and readable by anyone' })
  @IsOptional()
  @IsBoolean()
  isPublic?: boolean;

  @PlaylistItems('The entries in order')
  items?: PlaylistItemInputDto[];
}

/** PATCH: only the fields sent change; `items` replaces all entries. */
export class UpdatePlaylistDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100 })
  @IsOptional()
  @OneLine('name', 100)
  name?: string;

  @PlaylistDescription('null removes it')
  description?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  isPublic?: boolean;

  @PlaylistItems('The entries in order; they replace all the current ones')
  items?: PlaylistItemInputDto[];
}

export class PlaylistIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a playlist id' })
  id!: string;
}

/** The spec's documented playlist object, with what tells a station playlist from a track one. */
export class PlaylistDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ description: 'Tracks in it' }) trackCount!: number;
  @ApiProperty({ description: 'Stations in it' }) stationCount!: number;
  @ApiProperty({ description: 'Seconds of its tracks whose length is known (radio plays carry none)' }) duration!: number;
  @ApiProperty() isPublic!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: String, nullable: true, description: "The owner's display name" }) ownerName!: string | null;
}

export class PlaylistItemDto {
  @ApiProperty({ enum: PLAYLIST_ITEM_TYPES }) type!: PlaylistItemType;
  @ApiPropertyOptional({ type: StationDto }) station?: StationDto;
  @ApiPropertyOptional({ type: TrackDto }) track?: TrackDto;
}

export class PlaylistDetailDto extends PlaylistDto {
  @ApiProperty({ type: [PlaylistItemDto] }) items!: PlaylistItemDto[];
}

export class PlaylistListDto {
  @ApiProperty({ type: [PlaylistDto] }) playlists!: PlaylistDto[];
  @ApiProperty({ description: 'Playlists an account may have', example: 50 }) maxPlaylists!: number;
  @ApiProperty({ description: 'Stations one playlist may hold on your plan (5 Basic, 50 Premium, 200 Ultra)', example: 5 }) maxStationsPerPlaylist!: number;
}
