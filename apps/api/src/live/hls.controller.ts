import { Controller, Get, HttpStatus, Inject, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { Endpoint } from '../core/http/endpoint.decorator';
import { fromStorage, sendMedia } from '../core/http/send-media';
import { HlsFiles } from '../repositories/hls-files';
import { MediaStorage } from '../repositories/media-storage';
import { liveErrors } from './live-errors';
import { withAccess, withLiveStart } from './hls-playlist';
import { LiveAccess } from './live-access.service';
import { AccessQueryDto, PlaylistQueryDto, SegmentParamDto, StreamIdParamDto } from './live.dto';
import { LiveService } from './live.service';

const ULTRA_ONLY = { status: HttpStatus.FORBIDDEN, description: 'code ultra_only: an Ultra-only stream without a valid access (POST /stream/{id}/watch); requiredPlan names the plan' };

/**
 * A stream's HLS, same-origin: the playlist is never cached (it changes every second while live), segments are
 * immutable. Players reload the playlist each second, so these routes skip the per-address request limit.
 */
@ApiTags('live')
@SkipThrottle()
@Controller('live')
export class HlsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly live: LiveService,
    private readonly files: HlsFiles,
    private readonly storage: MediaStorage,
    private readonly access: LiveAccess,
  ) {}

  @Get(':id/index.m3u8')
  @Endpoint({
    id: 'getStreamPlaylist',
    summary: 'The stream’s HLS playlist: a live window while live, the whole recording with an end marker once ended',
    okMedia: { description: 'HLS playlist', types: ['application/vnd.apple.mpegurl'] },
    errors: [
      HttpStatus.BAD_REQUEST,
      ULTRA_ONLY,
      { status: HttpStatus.NOT_FOUND, description: 'code not_live_yet or stream_not_found' },
      { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code viewers_full, or storage_unavailable' },
    ],
  })
  async playlist(@Param() { id }: StreamIdParamDto, @Query() { viewer, access }: PlaylistQueryDto, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const { restricted } = await this.access.check(id, access);
    const text = await fromStorage(() => this.files.readPlaylist(id));
    if (text === undefined) throw liveErrors.notYetPlayable();
    if (!this.live.viewers.touch(id, { viewer, address: req.ip ?? 'unknown' })) throw liveErrors.viewersFull();
    // Where a player starting now begins, by the wall clock (withLiveStart). An Ultra-only stream's segments are asked
    // with the viewer's access too: the playlist's URLs carry it.
    const playlist = withLiveStart(text, Date.now());
    void res.headers({ 'Content-Type': 'application/vnd.apple.mpegurl', 'Cache-Control': 'no-cache' }).send(restricted ? withAccess(playlist, access!) : playlist);
  }

  /** Served from the media store by whichever process is asked, or by the CDN in front of it (MEDIA_PUBLIC_URL). */
  @Get(':id/:segment')
  @Endpoint({
    id: 'getStreamSegment',
    summary: 'One segment of the stream (MPEG-TS), cached for good',
    okMedia: { description: 'MPEG-TS segment', types: ['video/mp2t'] },
    errors: [HttpStatus.BAD_REQUEST, ULTRA_ONLY, HttpStatus.NOT_FOUND, { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code storage_unavailable' }],
  })
  async segment(@Param() { id, segment }: SegmentParamDto, @Query() { access }: AccessQueryDto, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const { restricted } = await this.access.check(id, access);
    // An Ultra-only stream's segments are never left to shared caches or sent to the CDN, which would not ask.
    await sendMedia(req, res, this.storage, this.files.keyOf(id, segment), {
      notFound: () => new NotFoundException({ message: 'No such segment', code: 'segment_not_found' }),
      headers: { 'Content-Type': 'video/mp2t', 'Cache-Control': `${restricted ? 'private' : 'public'}, max-age=31536000, immutable` },
      publicUrl: restricted ? undefined : this.config.media.publicUrl,
    });
  }
}
