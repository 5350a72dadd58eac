import { Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../core/http/endpoint.decorator';
import { RecommendationsDto, RecommendationsQueryDto, TrackDetailDto, TrackIdParamDto } from './track.dto';
import { TracksService } from './tracks.service';

@ApiTags('radio')
@Controller()
export class TracksController {
  constructor(private readonly tracks: TracksService) {}

  @Get('recommendations')
  @Endpoint({
    id: 'getRecommendations',
    summary: 'Tracks for fans of the seed artists: what the stations that play them also play (from our relays’ real plays)',
    ok: RecommendationsDto,
    errors: [HttpStatus.BAD_REQUEST],
  })
  recommendations(@Query() { seed_artists, limit }: RecommendationsQueryDto): Promise<RecommendationsDto> {
    return this.tracks.recommend(seed_artists, limit);
  }

  @Get('tracks/:id')
  @Endpoint({ id: 'getTrack', summary: 'A track our relays heard, with where and when it played', ok: TrackDetailDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  get(@Param() { id }: TrackIdParamDto): Promise<TrackDetailDto> {
    return this.tracks.get(id);
  }
}
