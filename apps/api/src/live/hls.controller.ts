import { Controller, Get, HttpStatus, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { Endpoint } from '../core/http/endpoint.decorator';
import { HlsFiles } from '../repositories/hls-files';
import { liveErrors } from './live-errors';
import { PlaylistQueryDto, SegmentParamDto, StreamIdParamDto } from './live.dto';
import { LiveService } from './live.service';

/**
 * A stream's HLS, same-origin: the playlist is never cached (it changes every second while live), segments are
 * immutable. Players reload the playlist each second, so these routes skip the per-address request limit.
 */
@ApiTags('live')
@SkipThrottle()
@Controller('live')
export class HlsController {
  constructor(
    private readonly live: LiveService,
    private readonly files: HlsFiles,
  ) {}

  @Get(':id/index.m3u8')
  @Endpoint({
    id: 'getStreamPlaylist',
    summary: 'The stream’s HLS playlist: a live window while live, the whole recording with an end marker once ended',
    okMedia: { description: 'HLS playlist', types: ['application/vnd.apple.mpegurl'] },
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code not_live_yet or stream_not_found' }, { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code viewers_full' }],
  })
  async playlist(@Param() { id }: StreamIdParamDto, @Query() { viewer }: PlaylistQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const text = await this.files.readPlaylist(id);
    if (text === undefined) throw liveErrors.notYetPlayable();
    if (!this.live.viewers.touch(id, { viewer, address: req.ip ?? 'unknown' })) throw liveErrors.viewersFull();
    res.set({ 'Content-Type': 'application/vnd.apple.mpegurl', 'Cache-Control': 'no-cache' }).send(text);
  }

  @Get(':id/:segment')
  @Endpoint({
    id: 'getStreamSegment',
    summary: 'One segment of the stream (MPEG-TS), cached for good',
    okMedia: { description: 'MPEG-TS segment', types: ['video/mp2t'] },
    errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND],
  })
  segment(@Param() { id, segment }: SegmentParamDto, @Res() res: Response): void {
    res.sendFile(
      this.files.segmentPath(id, segment),
      { headers: { 'Content-Type': 'video/mp2t', 'Cache-Control': 'public, max-age=31536000, immutable' }, dotfiles: 'deny' },
      (error?: Error) => {
        if (error && !res.headersSent) res.status(404).json({ statusCode: 404, error: 'Not Found', message: 'No such segment' });
      },
    );
  }
}
