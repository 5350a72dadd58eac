import { Body, Controller, Delete, Headers, HttpCode, HttpStatus, Inject, Options, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiBody, ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig, IceServer } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { bearerOf } from '../core/http/bearer';
import { Endpoint } from '../core/http/endpoint.decorator';
import { API_PREFIX } from '../core/http/openapi';
import { FORWARDED_HEADER } from './forwarded-signal';
import { PlaylistQueryDto, StreamIdParamDto, WhipQueryDto } from './live.dto';
import { LiveWebRtc, type Signalling, webrtcErrors } from './live-webrtc.service';
import type { RelayedAnswer } from './webrtc-forwarder';
import { WebRtcSessionParamDto } from './webrtc.dto';

const SDP = 'application/sdp';
const TRICKLE = 'application/trickle-ice-sdpfrag';

/** CORS as WHIP and WHEP ask (RFC 9725 section 4.5): any origin, and the headers a browser client must read. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-Match',
  'Access-Control-Expose-Headers': 'Location, Link, ETag, Accept-Patch, Retry-After',
};

/** A value as a Link header's quoted-string (RFC 8288, RFC 9110 section 5.6.4): a quote or backslash escaped. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** A STUN/TURN server as a WHIP/WHEP `Link` header names it (RFC 9725 section 4.4). */
export function iceLink(server: IceServer): string {
  const credentials = server.username ? `; username=${quoted(server.username)}; credential=${quoted(server.credential ?? '')}; credential-type="password"` : '';
  return `<${server.url}>; rel="ice-server"${credentials}`;
}

/** The body as SDP text, or the 400 a client can act on. */
function sdpBody(body: unknown, contentType: string | undefined, type: string): string {
  if (!contentType?.toLowerCase().startsWith(type) || typeof body !== 'string') throw webrtcErrors.badOffer(`send it as ${type}`);
  return body;
}

/** What goes on with a request to the process that has the stream's media, should this one not have it. */
function signallingOf(req: FastifyRequest, body?: string): Signalling {
  return { address: req.ip ?? 'unknown', authorization: req.headers.authorization, contentType: req.headers['content-type'], body, forwardedMark: req.headers[FORWARDED_HEADER] };
}

/**
 * WHIP (RFC 9725) and WHEP for sub-second live (docs/live.md, "Sub-second delivery"). Bodies are SDP, not JSON; the
 * errors are JSON as everywhere. OBS: Service WHIP, Server `<site>/api/v1/stream/whip`, Bearer Token the stream key.
 * Answers are sent here rather than returned: one that another replica gave (docs/live.md, "Several replicas") keeps
 * its own status.
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
  async publish(@Body() body: unknown, @Headers('content-type') contentType: string | undefined, @Query() { stream }: WhipQueryDto, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    this.headers(res);
    const token = bearerOf(req);
    if (!token) throw webrtcErrors.noToken();
    const { session, answer } = await this.webrtc.publish(token, stream, sdpBody(body, contentType, SDP));
    void res.status(HttpStatus.CREATED).type(SDP).header('Location', `/${API_PREFIX}/stream/whip/${session}`).header('Accept-Patch', TRICKLE).send(answer);
  }

  @Patch('whip/:session')
  @HttpCode(HttpStatus.NO_CONTENT)
  @SkipThrottle()
  @ApiConsumes(TRICKLE)
  @ApiBody({ description: 'Trickle ICE candidates (RFC 8840)', schema: { type: 'string' } })
  @ApiNoContentResponse({ description: 'The candidates are taken' })
  @Endpoint({ id: 'whipTrickle', summary: 'More ICE candidates of a WHIP session', errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  async trickle(@Param() { session }: WebRtcSessionParamDto, @Body() body: unknown, @Headers('content-type') contentType: string | undefined, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    this.headers(res);
    const fragment = sdpBody(body, contentType, TRICKLE);
    this.send(res, HttpStatus.NO_CONTENT, await this.webrtc.trickle(session, 'publisher', fragment, bearerOf(req), signallingOf(req, fragment)));
  }

  @Delete('whip/:session')
  @SkipThrottle()
  @ApiOkResponse({ description: 'The publisher stopped: the stream ends (a replay)' })
  @Endpoint({ id: 'whipStop', summary: 'Stop publishing (ends the stream, as the stop button does)', errors: [{ status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  async stopPublishing(@Param() { session }: WebRtcSessionParamDto, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    this.headers(res);
    this.send(res, HttpStatus.OK, await this.webrtc.end(session, 'publisher', bearerOf(req), signallingOf(req)));
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
    @Query() { viewer, access }: PlaylistQueryDto,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    this.headers(res);
    const offer = sdpBody(body, contentType, SDP);
    // An Ultra-only stream's access (POST /stream/{id}/watch) in the query, as HLS takes it, or as the Bearer token.
    const answered = await this.webrtc.view(id, offer, access ?? bearerOf(req), viewer, signallingOf(req, offer));
    if ('relayed' in answered) return this.relay(res, answered.relayed);
    void res.status(HttpStatus.CREATED).type(SDP).header('Location', `/${API_PREFIX}/stream/whep/${answered.session}`).header('Accept-Patch', TRICKLE).send(answered.answer);
  }

  @Patch('whep/:session')
  @HttpCode(HttpStatus.NO_CONTENT)
  @SkipThrottle()
  @ApiConsumes(TRICKLE)
  @ApiBody({ description: 'Trickle ICE candidates (RFC 8840)', schema: { type: 'string' } })
  @ApiNoContentResponse({ description: 'The candidates are taken' })
  @Endpoint({ id: 'whepTrickle', summary: 'More ICE candidates of a WHEP session', errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  async viewerTrickle(@Param() { session }: WebRtcSessionParamDto, @Body() body: unknown, @Headers('content-type') contentType: string | undefined, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    this.headers(res);
    const fragment = sdpBody(body, contentType, TRICKLE);
    this.send(res, HttpStatus.NO_CONTENT, await this.webrtc.trickle(session, 'viewer', fragment, undefined, signallingOf(req, fragment)));
  }

  @Delete('whep/:session')
  @SkipThrottle()
  @ApiOkResponse({ description: 'The viewer left' })
  @Endpoint({ id: 'whepStop', summary: 'Stop watching over WebRTC', errors: [{ status: HttpStatus.NOT_FOUND, description: 'code session_not_found' }] })
  async stopViewing(@Param() { session }: WebRtcSessionParamDto, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    this.headers(res);
    this.send(res, HttpStatus.OK, await this.webrtc.end(session, 'viewer', undefined, signallingOf(req)));
  }

  /** An empty answer with `status`, or the answer of the process that has the session, as it gave it. */
  private send(res: FastifyReply, status: HttpStatus, relayed: RelayedAnswer | undefined): void {
    if (relayed) return this.relay(res, relayed);
    void res.status(status).send();
  }

  /** The answer of the process that has the stream's media: its status, body and the headers clients read; CORS is ours. */
  private relay(res: FastifyReply, relayed: RelayedAnswer): void {
    void res.status(relayed.status).headers(relayed.headers).send(relayed.body);
  }

  /** CORS, and the ICE servers clients should use, on every answer (errors too: a browser must read them). */
  private headers(res: FastifyReply): void {
    void res.headers(CORS);
    const links = this.config.live.webrtc.iceServers.map(iceLink);
    if (links.length) void res.header('Link', links);
  }
}
