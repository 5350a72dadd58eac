import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsUUID, Matches, MaxLength } from 'class-validator';
import { API_PREFIX } from '../core/http/openapi';

/** The body of POST /ads/listening: a heartbeat while the station plays, or the start of playing. */
export class ReportListeningDto {
  @ApiProperty({
    description: 'true: the station has played since the last report (a heartbeat, every heartbeatSeconds); false: it starts now, or the player only asks for its state',
    example: true,
  })
  @IsBoolean({ message: 'listening must be true or false' })
  listening!: boolean;
}

export class AdBreakIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a break id' })
  id!: string;
}

export class AdSpotParamDto {
  @ApiProperty({ example: 'grouarock-premium.mp3' })
  @MaxLength(200)
  @Matches(/^[\w-][\w.-]*\.(mp3|aac|m4a|ogg|oga|opus)$/i, { message: 'name must be the file name of a spot' })
  name!: string;
}

/** An ad break the player must play before the station goes on. */
export class AdBreakDto {
  @ApiProperty({ format: 'uuid', description: 'What POST /ads/breaks/{id}/complete names' })
  id!: string;

  @ApiProperty({ description: `The spot's audio: under /${API_PREFIX}/ads/spots, or an operator's URL`, example: `/${API_PREFIX}/ads/spots/grouarock-premium.mp3` })
  spotUrl!: string;

  @ApiProperty({ description: "The spot's length in seconds", example: 8.03 })
  seconds!: number;

  @ApiProperty({ format: 'date-time', description: 'When the break started (when it was handed out)' })
  startedAt!: string;

  @ApiProperty({ format: 'date-time', description: 'The earliest its completion is accepted: the spot played whole' })
  endsAt!: string;
}

/** A listener's ad clock: whether their plan has ads, how long until the next break, and the break handed out. */
export class AdStateDto {
  @ApiProperty({ description: 'Whether this listener gets ad breaks (Basic and signed-out listeners; not Premium or Ultra)' })
  ads!: boolean;

  @ApiProperty({ description: 'Seconds of listening between two breaks (ADS_EVERY_MINUTES)', example: 900 })
  everySeconds!: number;

  @ApiProperty({ description: 'How often the player reports while the station plays, seconds', example: 15 })
  heartbeatSeconds!: number;

  @ApiProperty({ description: 'Listening counted since the last break, seconds', example: 312.5 })
  listenedSeconds!: number;

  @ApiProperty({ description: 'Listening left before the next break, seconds (0 when a break is handed out)', example: 588 })
  dueInSeconds!: number;

  @ApiProperty({ type: AdBreakDto, nullable: true, description: 'The break to play now, or null' })
  break!: AdBreakDto | null;
}

/** The body of POST /ads/tickets: the station the stream ticket is for. */
export class StreamTicketRequestDto {
  @ApiProperty({ example: 'fip-rock', description: 'The station to stream' })
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'stationId must be a station slug' })
  @MaxLength(64)
  stationId!: string;
}

/** A stream ticket: what a client without cookies adds to the stream address (?ticket=) on a plan with ads. */
export class StreamTicketDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Add as ?ticket= to GET /radio/{id}/stream of this station; it starts a stream within expiresAt. null: the caller\'s plan has no ads and needs none',
  })
  ticket!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The last moment the ticket starts a stream (a minute after it was issued); the stream itself lasts until the next ad break is due' })
  expiresAt!: string | null;

  @ApiProperty({ description: "Whether the caller's plan has ads (Basic and signed-out listeners)" })
  ads!: boolean;
}
