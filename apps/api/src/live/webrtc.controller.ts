import { Body, Controller, Delete, Headers, HttpCode, HttpStatus, Inject, Options, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, IceServer } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { Endpoint } from '../core/http/endpoint.decorator';
import { API_PREFIX } from '../core/http/openapi';
import { PlaylistQueryDto, StreamIdParamDto, WhipQueryDto } from './live.dto';
import { LiveWebRtc, webrtcErrors } from './live-webrtc.service';

const SDP = 'application/sdp';
const TRICKLE = 'application/trickle-ice-sdpfrag';

/** CORS as WHIP and WHEP ask (RFC 9725 section 4.5): any origin, and the headers a browser client must read. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-Match',
  'Access-Control-Expose-Headers': 'Location, Link, ETag, Accept-Patch, Retry-After',
};

/** A STUN/TURN server as a WHIP/WHEP `Link` header names it (RFC 9725 section 4.4). */
function iceLink(server: IceServer): string {
  const credentials = server.username ? `; username="${server.username}"; credential="${server.credential}"; credential-type="password"` : '';
  return `<${server.url}>; rel="ice-server"${credentials}`;
}

/** The Bearer token of the Authorization header, if any. */
function bearer(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

/** The body as SDP text, or the 400 a client can act on. */
function sdpBody(body: unknown, contentType: string | undefined, type: string): string {
  if (!contentType?.toLowerCase().startsWith(type) || typeof body !== 'string') throw webrtcErrors.badOffer(`send it as ${type}`);
  return body;
}

/**
 * WHIP (RFC 9725) and WHEP for sub-second live (docs/live.md, "Sub-second delivery"). Bodies are SDP, not JSON; the
 * errors are JSON as everywhere. OBS: Service WHIP, Server `<site>/api/v1/stream/whip`, Bearer Token the stream key.
 */
@ApiTags('live')
@Controller('stream')
export class WebRtcController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webrtc: LiveWebRtc,
  ) {}

  @Options(['whip', 'whip/:session', ':id/whep', 'whep/:session'])
  @HttpCode(HttpStatus.NO_CONTENT)
  @SkipThrottle()
  // The CORS preflight (and what the endpoint takes, with the ICE servers) is the browser's, not an API client's call.
  @ApiExcludeEndpoint()
  options(@Res({ passthrough: true }) res: FastifyReply): void {
    this.headers(res);
    void res.header('Accept-Post', SDP).header('Accept-Patch', TRICKLE);
  }

  @Post('whip')
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiConsumes(SDP)
  @ApiProduces(SDP)
  @ApiBearerAuth()
  @ApiBody({ description: 'The encoder’s SDP offer: one H.264 and one Opus track', schema: { type: 'string' } })
  @ApiCreatedResponse({ description: 'The SDP answer; Location is the session (PATCH for trickle ICE, DELETE to stop), Link the ICE servers', content: { [SDP]: { schema: { type: 'string' } } } })
  @Endpoint({
    id: 'whipPublish',
    summary: 'Publish a stream over WebRTC (WHIP): the stream key as the Bearer token, as OBS 30+ sends it',
    errors: [
      { status: HttpStatus.BAD_REQUEST, description: 'code bad_sdp: the offer has no H.264 (packetization-mode 1) or Opus' },
      { status: HttpStatus.UNAUTHORIZED, description: 'code invalid_stream_key, or unauthenticated' },
      { status: HttpStatus.PAYMENT_REQUIRED, description: 'code beta_only: going live from the browser is in beta for your plan' },
      { status: HttpStatus.FORBIDDEN, description: 'code not_owner' },
      { status: HttpStatus.CONFLICT, description: 'code stream_busy (it has a publisher) or stream_ended' },
      HttpStatus.TOO_MANY_REQUESTS,
      { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code live_full, webrtc_unavailable or webrtc_failed' },
    ],
  })
  async publish(
    @Body() body: unknown,
    @Headers('content-type') contentType: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Query() { stream }: WhipQueryDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string> {
    this.headers(res);
    const token = bearer(authorization);
    if (!token) throw webrtcErrors.noToken();
    const { session, answer } = await this.webrtc.publish(token, stream, sdpBody(body, contentType, SDP));
    void res.status(HttpStatus.CREATED).type(SDP).header('Location', `/${API_PREFIX}/stream/whip/${session}`).header('Accept-Patch', TRICKLE);
    return answer;
  }

  @Patch('whip/:session')
  @HttpCode(HttpStatus.NO_CONTENT)
  @SkipThrottle()
  @ApiConsumes(TRICKLE)
  @ApiBody({ description: 'Trickle ICE candidates (RFC 8840)', schema: { type: 'string' } })
  @ApiNoContentResponse({ description: 'The candidates are taken' })
  @Endpoint({ id: 'whipTrickle', summary: 'More ICE candidates of a WHIP session', errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  async trickle(
    @Param('session') session: string,
    @Body() body: unknown,
    @Headers('content-type') contentType: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<void> {
    this.headers(res);
    await this.webrtc.trickle(session, sdpBody(body, contentType, TRICKLE), bearer(authorization));
  }

  @Delete('whip/:session')
  @SkipThrottle()
  @ApiOkResponse({ description: 'The publisher stopped: the stream ends (a replay)' })
  @Endpoint({ id: 'whipStop', summary: 'Stop publishing (ends the stream, as the stop button does)', errors: [{ status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  async stopPublishing(@Param('session') session: string, @Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    this.headers(res);
    await this.webrtc.end(session, 'publisher', bearer(authorization));
  }

  @Post(':id/whep')
  @SkipThrottle()
  @ApiConsumes(SDP)
  @ApiProduces(SDP)
  @ApiBody({ description: 'The player’s receive-only SDP offer (H.264 and Opus)', schema: { type: 'string' } })
  @ApiBearerAuth()
  @ApiCreatedResponse({ description: 'The SDP answer, sending the stream’s H.264 and stereo Opus; Location is the session', content: { [SDP]: { schema: { type: 'string' } } } })
  @Endpoint({
    id: 'whepView',
    summary: 'Watch a live stream over WebRTC (WHEP), under a second behind its publisher',
    errors: [
      { status: HttpStatus.BAD_REQUEST, description: 'code bad_sdp' },
      { status: HttpStatus.FORBIDDEN, description: 'code ultra_only' },
      HttpStatus.NOT_FOUND,
      { status: HttpStatus.CONFLICT, description: 'code not_live_yet (ask again after Retry-After) or stream_ended (play the replay over HLS)' },
      { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code webrtc_full, viewers_full, webrtc_unavailable or webrtc_failed: play HLS' },
    ],
  })
  async view(
    @Param() { id }: StreamIdParamDto,
    @Body() body: unknown,
    @Headers('content-type') contentType: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Query() { viewer, access }: PlaylistQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string> {
    this.headers(res);
    // An Ultra-only stream's access (POST /stream/{id}/watch) in the query, as HLS takes it, or as the Bearer token.
    const { session, answer } = await this.webrtc.view(id, sdpBody(body, contentType, SDP), access ?? bearer(authorization), viewer, req.ip ?? 'unknown');
    void res.status(HttpStatus.CREATED).type(SDP).header('Location', `/${API_PREFIX}/stream/whep/${session}`).header('Accept-Patch', TRICKLE);
    return answer;
  }

  @Patch('whep/:session')
  @HttpCode(HttpStatus.NO_CONTENT)
  @SkipThrottle()
  @ApiConsumes(TRICKLE)
  @ApiBody({ description: 'Trickle ICE candidates (RFC 8840)', schema: { type: 'string' } })
  @ApiNoContentResponse({ description: 'The candidates are taken' })
  @Endpoint({ id: 'whepTrickle', summary: 'More ICE candidates of a WHEP session', errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  async viewerTrickle(@Param('session') session: string, @Body() body: unknown, @Headers('content-type') contentType: string | undefined, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    this.headers(res);
    await this.webrtc.trickle(session, sdpBody(body, contentType, TRICKLE));
  }

  @Delete('whep/:session')
  @SkipThrottle()
  @ApiOkResponse({ description: 'The viewer left' })
  @Endpoint({ id: 'whepStop', summary: 'Stop watching over WebRTC', errors: [{ status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  async stopViewing(@Param('session') session: string, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    this.headers(res);
    await this.webrtc.end(session, 'viewer');
  }

  /** CORS, and the ICE servers clients should use, on every answer (errors too: a browser must read them). */
  private headers(res: FastifyReply): void {
    void res.headers(CORS);
    const links = this.config.live.webrtc.iceServers.map(iceLink);
    if (links.length) void res.header('Link', links);
  }
}
