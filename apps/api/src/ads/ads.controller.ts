import { Body, Controller, Get, Head, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { AdBreakIdParamDto, AdSpotParamDto, AdStateDto, ReportListeningDto, StreamTicketDto, StreamTicketRequestDto } from './ads.dto';
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

  @Post('tickets')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    id: 'issueStreamTicket',
    summary:
      "A stream ticket: on a plan with ads (Basic, signed out) a stream starts only for a known listener, and a client that sends no cookies names itself with ?ticket= on GET /radio/{id}/stream. " +
      'It starts a stream of its station for a minute; the stream is counted for the listener and ends when their ad break falls due (hand it out with POST /ads/listening, complete it, then ask again). Sets the listener cookie',
    ok: StreamTicketDto,
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.FORBIDDEN, description: "code ad_break_due: the listener's ad break is overdue: complete it first" }],
  })
  @Authenticated({ optional: true })
  async ticket(@Body() { stationId }: StreamTicketRequestDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply, @OptionalPrincipal() principal?: Principal): Promise<StreamTicketDto> {
    const { ticket, cookie } = await this.ads.issueTicket({ userId: principal?.userId, cookie: ListenerCookie.read(req) }, stationId);
    this.setCookie(res, cookie);
    return ticket;
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
    this.setCookie(res, cookie);
    return state;
  }

  /** The listener cookie as the service says: an id to set, null to clear, undefined to leave as it is. */
  private setCookie(res: FastifyReply, cookie: string | null | undefined): void {
    if (cookie) this.cookie.set(res, cookie);
    else if (cookie === null) this.cookie.clear(res);
  }
}
