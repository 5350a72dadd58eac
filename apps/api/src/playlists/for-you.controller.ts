import { Controller, Get, HttpStatus, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { ForYouDto, ForYouQueryDto } from '../radio/track.dto';
import { ForYouService } from './for-you.service';

@ApiTags('radio')
@Controller('me')
export class ForYouController {
  constructor(private readonly forYou: ForYouService) {}

  @Get('recommendations')
  @Endpoint({
    id: 'getMyRecommendations',
    summary: '"Dla Ciebie": tracks picked from your likes and playlists, with the stations that play them (Premium and Ultra)',
    ok: ForYouDto,
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.FORBIDDEN, description: 'code premium_required: the Basic plan has no recommendations' }],
  })
  @Authenticated()
  recommendations(@CurrentPrincipal() principal: Principal, @Query() { limit }: ForYouQueryDto): Promise<ForYouDto> {
    return this.forYou.forYou(principal.userId, limit);
  }
}
