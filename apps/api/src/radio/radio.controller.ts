import { Controller, Delete, Get, Head, Param, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import {
  ApiBadGatewayResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AccessTokenGuard, CurrentPrincipal, OptionalAccessTokenGuard, OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { ErrorDto } from '../core/http/error.dto';
import { LikesService } from './likes.service';
import { LikedStationsDto, LikesDto, NowPlayingDto, SearchQueryDto, SearchResultDto, StationDto, StationIdParamDto, StationsQueryDto, WeeklyTopDto } from './radio.dto';
import { NowPlayingService } from './now-playing.service';
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
  ) {}

  @Get('radio/:id/stream')
  @Head('radio/:id/stream')
  @SkipThrottle()
  @ApiOperation({ operationId: 'streamStation', summary: "The station's audio through our same-origin relay (CORS-clean, ICY metadata removed)" })
  @ApiProduces('audio/mpeg', 'audio/aac')
  @ApiOkResponse({ description: 'Endless audio' })
  @ApiNotFoundResponse({ type: ErrorDto })
  @ApiBadGatewayResponse({ type: ErrorDto, description: 'The station does not answer' })
  @ApiServiceUnavailableResponse({ type: ErrorDto, description: 'The station has as many listeners as the relay allows' })
  async stream(@Param() { id }: StationIdParamDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.relay.serve(await this.stations.require(id), req, res);
  }

  @Get('radio/:id/nowplaying')
  @ApiOperation({ operationId: 'getNowPlaying', summary: 'What the station plays now (its metadata, else its program, else just its name)' })
  @ApiOkResponse({ type: NowPlayingDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  nowPlayingOf(@Param() { id }: StationIdParamDto): Promise<NowPlayingDto> {
    return this.nowPlaying.get(id);
  }

  @Get('radio/stations')
  @ApiOperation({ operationId: 'listStations', summary: 'The station catalogue, filtered by country, genre and text' })
  @ApiOkResponse({ type: [StationDto] })
  list(@Query() query: StationsQueryDto): Promise<StationDto[]> {
    return this.stations.list(query);
  }

  @Get('radio/stations/:id')
  @ApiOperation({ operationId: 'getStation', summary: 'One station' })
  @ApiOkResponse({ type: StationDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  get(@Param() { id }: StationIdParamDto): Promise<StationDto> {
    return this.stations.get(id);
  }

  @Get('search')
  @ApiOperation({ operationId: 'search', summary: 'Search (stations for now)' })
  @ApiOkResponse({ type: SearchResultDto })
  async search(@Query() { q }: SearchQueryDto): Promise<SearchResultDto> {
    return { stations: await this.stations.list({ q }) };
  }

  @Get('radio/top-weekly')
  @ApiOperation({ operationId: 'getWeeklyTop', summary: "This week's most liked stations (Monday to Sunday, Europe/Warsaw)" })
  @ApiOkResponse({ type: WeeklyTopDto })
  topWeekly(): Promise<WeeklyTopDto> {
    return this.weekly.top();
  }

  @Get('radio/liked')
  @UseGuards(AccessTokenGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'getLikedStations', summary: "The caller's favourites: the stations they like (anonymous sessions too)" })
  @ApiOkResponse({ type: LikedStationsDto })
  @ApiUnauthorizedResponse({ type: ErrorDto })
  liked(@CurrentPrincipal() principal: Principal): Promise<LikedStationsDto> {
    return this.likes.likedBy(principal.userId);
  }

  @Get('radio/:id/likes')
  @UseGuards(OptionalAccessTokenGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'getStationLikes', summary: "A station's like count, and whether the caller likes it" })
  @ApiOkResponse({ type: LikesDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  likesOf(@Param() { id }: StationIdParamDto, @OptionalPrincipal() principal?: Principal): Promise<LikesDto> {
    return this.likes.get(id, principal?.userId);
  }

  @Put('radio/:id/like')
  @UseGuards(AccessTokenGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'likeStation', summary: 'Like a station (idempotent; anonymous sessions count)' })
  @ApiOkResponse({ type: LikesDto })
  @ApiUnauthorizedResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  like(@Param() { id }: StationIdParamDto, @CurrentPrincipal() principal: Principal): Promise<LikesDto> {
    return this.likes.like(id, principal.userId);
  }

  @Delete('radio/:id/like')
  @UseGuards(AccessTokenGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'unlikeStation', summary: 'Take a like back (idempotent)' })
  @ApiOkResponse({ type: LikesDto })
  @ApiUnauthorizedResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  unlike(@Param() { id }: StationIdParamDto, @CurrentPrincipal() principal: Principal): Promise<LikesDto> {
    return this.likes.unlike(id, principal.userId);
  }
}
