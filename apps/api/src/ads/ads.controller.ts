import { Body, Controller, Get, Head, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { AdBreakIdParamDto, AdSpotParamDto, AdStateDto, ReportListeningDto } from './ads.dto';
import { type AdAnswer, AdsService } from './ads.service';
import { AdSpotsService } from './ad-spots.service';
import { ListenerCookie } from './listener-cookie';

@ApiTags('ads')
@Controller('ads')
export class AdsController {
  constructor(
    private readonly ads: AdsService,
    private readonly spots: AdSpotsService,
    private readonly cookie: ListenerCookie,
  ) {}

  @Post('listening')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    id: 'reportListening',
    summary: "The radio player's heartbeat: counts listening for Basic and signed-out listeners and hands out an ad break when one is due (sets the listener cookie)",
    ok: AdStateDto,
    errors: [HttpStatus.BAD_REQUEST],
  })
  @Authenticated({ optional: true })
  async report(@Body() { listening }: ReportListeningDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply, @OptionalPrincipal() principal?: Principal): Promise<AdStateDto> {
    return this.reply(res, await this.ads.report({ userId: principal?.userId, cookie: ListenerCookie.read(req) }, listening));
  }

  @Post('breaks/:id/complete')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    id: 'completeAdBreak',
    summary: 'The player played the break whole: accepted no earlier than the spot\'s length after the break started; the station may play again',
    ok: AdStateDto,
    errors: [
      HttpStatus.BAD_REQUEST,
      { status: HttpStatus.NOT_FOUND, description: 'code ad_break_not_found: this listener has no such break' },
      { status: HttpStatus.CONFLICT, description: 'code ad_break_unfinished: too early, the spot cannot have played whole' },
    ],
  })
  @Authenticated({ optional: true })
  async complete(@Param() { id }: AdBreakIdParamDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply, @OptionalPrincipal() principal?: Principal): Promise<AdStateDto> {
    return this.reply(res, await this.ads.complete({ userId: principal?.userId, cookie: ListenerCookie.read(req) }, id));
  }

  @Get('spots/:name')
  @Head('spots/:name')
  @SkipThrottle()
  @Endpoint({
    id: 'getAdSpot',
    summary: "An ad spot's audio: the operator's (ADS_DIR) or the built-in one promoting Premium (Range requests)",
    okMedia: { description: 'Audio', types: ['audio/mpeg', 'audio/aac', 'audio/mp4', 'audio/ogg'] },
    errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND],
  })
  async spot(@Param() { name }: AdSpotParamDto, @Res() res: FastifyReply): Promise<void> {
    await this.spots.send(name, res);
  }

  private reply(res: FastifyReply, { state, cookie }: AdAnswer): AdStateDto {
    if (cookie) this.cookie.set(res, cookie);
    else if (cookie === null) this.cookie.clear(res);
    return state;
  }
}
