import { Controller, Delete, Get, Head, HttpCode, HttpStatus, Param, Put, Query, Req, Res } from '@nestjs/common';
import { Endpoint } from '../core/http/endpoint.decorator';
import type { PreparedJson } from '../core/http/prepared-json';
import { Authenticated } from '../auth/authenticated.decorator';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiNoContentResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CurrentSession, OptionalPrincipal, type Principal } from '../auth/auth.guard';
import type { SessionPrincipal } from '../auth/principals.service';
import { LikesService } from './likes.service';
import { LikedStationsDto, LikesDto, NowPlayingDto, StationDto, StationIdParamDto, StationsQueryDto, WeeklyTopDto } from './radio.dto';
import { NowPlayingService } from './now-playing.service';
import { RadioPass } from './relay/radio-pass';
import { RelayService } from './relay/relay.service';
import { StationsService } from './stations.service';
import { WeeklyStatsService } from './weekly-stats.service';

@ApiTags('radio')
@Controller()
export class RadioController {
  constructor(
    private readonly stations: StationsService,
    private readonly likes: LikesService,
    private readonly weekly: WeeklyStatsService,
    private readonly relay: RelayService,
    private readonly nowPlaying: NowPlayingService,
    private readonly pass: RadioPass,
  ) {}

  @Get('radio/:id/stream')
  @Head('radio/:id/stream')
  @SkipThrottle()
  @Endpoint({
    id: 'streamStation',
    summary: "The station's audio through our same-origin relay (CORS-clean, ICY metadata removed)",
    okMedia: {
      description:
        "Endless audio on the caller's plan (the bearer's, else the radio pass cookie's from PUT /radio/pass, else the installation's floor): " +
        "the station's lossless stream (FLAC, in Ogg as Icecast serves it, or native) on plans with lossless audio where it has one (X-Stream-Quality lossless), " +
        "else its higher-quality stream on plans with 320 kbps or lossless where it has one (X-Stream-Quality hq), else its standard one (X-Stream-Quality standard); " +
        'X-Stream-Bitrate and icy-br give the kbit/s when known (never for lossless). Content-Type is the station\'s own: MP3, AAC, or Ogg FLAC (application/ogg)',
      types: ['audio/mpeg', 'audio/aac', 'application/ogg', 'audio/ogg', 'audio/flac'],
    },
    errors: [HttpStatus.NOT_FOUND, { status: HttpStatus.FORBIDDEN, description: "code premium_required: the station needs the plan in requiredPlan; on a plan with ads (Basic, signed out): code stream_ticket_required: name the listener with ?ticket= from POST /ads/tickets (or the listener cookie, or a bearer token); code stream_ticket_invalid / stream_ticket_expired: the ticket is forged, another station's, or older than a minute; code ad_break_due: the listener's ad break is overdue (play it and complete it first)" }, { status: HttpStatus.BAD_GATEWAY, description: 'The station does not answer' }, { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'The station has as many listeners as the relay allows: RELAY_MAX_LISTENERS for paid plans, RELAY_MAX_LISTENERS × (1 − RELAY_PRIORITY_SHARE) for Basic and signed-out listeners' }],
  })
  @ApiQuery({
    name: 'ticket',
    required: false,
    description:
      'A stream ticket from POST /ads/tickets: how a client without cookies (VLC, curl) starts a stream on a plan with ads; the stream is counted for its listener and ends when their ad break falls due. Not needed on Premium and Ultra, nor with an API key',
  })
  @Authenticated({ optional: true })
  async stream(
    @Param() { id }: StationIdParamDto,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
    // An argument, not read off the request further down: what the pipes make of it (text) is what the document says.
    @Query('ticket') ticket?: string,
    @OptionalPrincipal() principal?: Principal,
  ): Promise<void> {
    await this.relay.serve(await this.stations.require(id), req, res, principal, ticket);
  }

  @Put('radio/pass')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The radio pass cookie is set (HttpOnly, path /radio)' })
  @Endpoint({
    id: 'setRadioPass',
    summary: "Lets this browser's audio element play on the caller's plan: an HttpOnly cookie the relay reads, valid while this session lasts",
  })
  @Authenticated({ session: true })
  setPass(@CurrentSession() principal: SessionPrincipal, @Res({ passthrough: true }) res: FastifyReply): void {
    this.pass.set(res, principal.sessionId, principal.userId);
  }

  @Delete('radio/pass')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The radio pass cookie is cleared: the relay plays on the signed-out plan' })
  @Endpoint({ id: 'clearRadioPass', summary: "Forgets this browser's radio pass (signing out ends it anyway)" })
  clearPass(@Res({ passthrough: true }) res: FastifyReply): void {
    this.pass.clear(res);
  }

  @Get('radio/:id/nowplaying')
  @Endpoint({
    id: 'getNowPlaying',
    summary: 'What the station plays now (its metadata, else its program, else just its name)',
    ok: NowPlayingDto,
    errors: [HttpStatus.NOT_FOUND],
  })
  nowPlayingOf(@Param() { id }: StationIdParamDto): Promise<NowPlayingDto> {
    return this.nowPlaying.get(id);
  }

  @Get('radio/stations')
  @Endpoint({ id: 'listStations', summary: 'The station catalogue, filtered by country, genre and text', ok: [StationDto] })
  list(@Query() query: StationsQueryDto): Promise<PreparedJson<StationDto[]>> {
    return this.stations.listPrepared(query);
  }

  @Get('radio/stations/:id')
  @Endpoint({ id: 'getStation', summary: 'One station', ok: StationDto, errors: [HttpStatus.NOT_FOUND] })
  get(@Param() { id }: StationIdParamDto): Promise<StationDto> {
    return this.stations.get(id);
  }

  @Get('radio/top-weekly')
  @Endpoint({ id: 'getWeeklyTop', summary: "This week's most liked stations (Monday to Sunday, Europe/Warsaw)", ok: WeeklyTopDto })
  topWeekly(): Promise<WeeklyTopDto> {
    return this.weekly.top();
  }

  @Get('radio/liked')
  @Endpoint({ id: 'getLikedStations', summary: "The caller's favourites: the stations they like (anonymous sessions too)", ok: LikedStationsDto })
  @Authenticated()
  liked(@CurrentPrincipal() principal: Principal): Promise<LikedStationsDto> {
    return this.likes.likedBy(principal.userId);
  }

  @Get('radio/:id/likes')
  @Endpoint({
    id: 'getStationLikes',
    summary: "A station's like count, and whether the caller likes it",
    ok: LikesDto,
    errors: [HttpStatus.NOT_FOUND],
  })
  @Authenticated({ optional: true })
  likesOf(@Param() { id }: StationIdParamDto, @OptionalPrincipal() principal?: Principal): Promise<LikesDto> {
    return this.likes.get(id, principal?.userId);
  }

  @Put('radio/:id/like')
  @Endpoint({ id: 'likeStation', summary: 'Like a station (idempotent; anonymous sessions count)', ok: LikesDto, errors: [HttpStatus.NOT_FOUND] })
  @Authenticated()
  like(@Param() { id }: StationIdParamDto, @CurrentPrincipal() principal: Principal): Promise<LikesDto> {
    return this.likes.like(id, principal.userId);
  }

  @Delete('radio/:id/like')
  @Endpoint({ id: 'unlikeStation', summary: 'Take a like back (idempotent)', ok: LikesDto, errors: [HttpStatus.NOT_FOUND] })
  @Authenticated()
  unlike(@Param() { id }: StationIdParamDto, @CurrentPrincipal() principal: Principal): Promise<LikesDto> {
    return this.likes.unlike(id, principal.userId);
  }
}
