import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import type { Response } from 'express';
import { CurrentPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { StudioJobs } from './studio-jobs.service';
import {
  AudioQueryDto,
  GenerateDto,
  GenerateResultDto,
  LibraryDto,
  ProviderHealthDto,
  RenameTrackDto,
  StatusDto,
  StatusResultDto,
  TrackDto,
  TrackIdParamDto,
  UsageDto,
} from './studio.dto';
import { StudioService } from './studio.service';

const MEDIA_TYPES: Record<string, string> = { mp3: 'audio/mpeg', svg: 'image/svg+xml', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** A title as a file name: letters, digits, spaces and dashes (the rest dropped), never empty. */
function fileName(title: string): string {
  return `${title.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, ' ').slice(0, 80) || 'track'}.mp3`;
}

@ApiTags('studio')
@Controller('studio')
export class StudioController {
  constructor(
    private readonly studio: StudioService,
    private readonly jobs: StudioJobs,
  ) {}

  @Post('generate')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @Endpoint({
    id: 'generateMusic',
    summary: 'Start generating a track (the spec’s generate-music-suno); ask about it with POST /studio/status',
    ok: GenerateResultDto,
    errors: [
      HttpStatus.BAD_REQUEST,
      { status: HttpStatus.FORBIDDEN, description: 'code premium_required: AIVA, BandLab and 5+ min need Premium or Ultra; code email_not_confirmed' },
      { status: HttpStatus.CONFLICT, description: 'code generation_in_progress: one of your tracks is still being generated' },
      { status: HttpStatus.TOO_MANY_REQUESTS, description: 'code daily_limit: the plan’s generations of today are used' },
    ],
  })
  @Authenticated({ confirmed: true })
  generate(@Body() body: GenerateDto, @CurrentPrincipal() principal: Principal): Promise<GenerateResultDto> {
    return this.studio.generate(principal.userId, body);
  }

  @Post('status')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ id: 'getGenerationStatus', summary: 'Whether your generations have finished, with their tracks (the spec’s status check)', ok: StatusResultDto, errors: [HttpStatus.BAD_REQUEST] })
  @Authenticated({ confirmed: true, readsOnly: true })
  status(@Body() body: StatusDto, @CurrentPrincipal() principal: Principal): Promise<StatusResultDto> {
    return this.studio.status(principal.userId, body.task_ids);
  }

  @Get('usage')
  @Endpoint({ id: 'getStudioUsage', summary: 'Your plan’s daily generations and how many are left today (Europe/Warsaw)', ok: UsageDto })
  @Authenticated({ confirmed: true })
  usage(@CurrentPrincipal() principal: Principal): Promise<UsageDto> {
    return this.studio.usage(principal.userId);
  }

  @Get('tracks')
  @Endpoint({ id: 'listStudioTracks', summary: 'Your library: the tracks you generated, the newest first', ok: LibraryDto })
  @Authenticated({ confirmed: true })
  library(@CurrentPrincipal() principal: Principal): Promise<LibraryDto> {
    return this.studio.library(principal.userId);
  }

  @Patch('tracks/:id')
  @Endpoint({ id: 'renameStudioTrack', summary: 'Rename one of your tracks', ok: TrackDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated({ confirmed: true })
  rename(@Param() { id }: TrackIdParamDto, @Body() body: RenameTrackDto, @CurrentPrincipal() principal: Principal): Promise<TrackDto> {
    return this.studio.rename(principal.userId, id, body.title);
  }

  @Delete('tracks/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted, with its audio and cover' })
  @Endpoint({ id: 'deleteStudioTrack', summary: 'Delete one of your tracks', errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated({ confirmed: true })
  async remove(@Param() { id }: TrackIdParamDto, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.studio.remove(principal.userId, id);
  }

  @Get('tracks/:id/audio')
  @SkipThrottle()
  @Endpoint({
    id: 'getStudioTrackAudio',
    summary: 'A track’s MP3 (Range requests for seeking); with download=1, as a file to save',
    okMedia: { description: 'MP3', types: ['audio/mpeg'] },
    errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND],
  })
  async audio(@Param() { id }: TrackIdParamDto, @Query() { download }: AudioQueryDto, @Res() res: Response): Promise<void> {
    const { path, track } = await this.studio.file(id, 'audio');
    const headers: Record<string, string> = { 'Content-Type': 'audio/mpeg', 'Cache-Control': 'private, max-age=31536000, immutable' };
    if (download) headers['Content-Disposition'] = `attachment; filename="${fileName(track.title)}"; filename*=UTF-8''${encodeURIComponent(`${track.title}.mp3`)}`;
    this.send(res, path, headers);
  }

  @Get('tracks/:id/cover')
  @SkipThrottle()
  @Endpoint({ id: 'getStudioTrackCover', summary: 'A track’s cover image', okMedia: { description: 'Image', types: ['image/svg+xml', 'image/jpeg', 'image/png', 'image/webp'] }, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  async cover(@Param() { id }: TrackIdParamDto, @Res() res: Response): Promise<void> {
    const { path } = await this.studio.file(id, 'cover');
    const type = MEDIA_TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream';
    // An SVG we drew, served so that nothing in it could run even when opened on its own.
    this.send(res, path, { 'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" });
  }

  @Get('provider-health')
  @Endpoint({ id: 'getMusicProviderHealth', summary: 'What makes tracks now: the built-in generator, or the configured provider and whether it answers (the spec’s test call)', ok: ProviderHealthDto })
  providerHealth(): Promise<ProviderHealthDto> {
    return this.studio.providerHealth();
  }

  @Post('provider-callback')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @ApiNoContentResponse({ description: 'Noted: the waiting generation asks the provider at once' })
  @Endpoint({ id: 'musicProviderCallback', summary: 'Where a task API calls back when a track is ready (we poll anyway; this only makes it sooner)' })
  callback(@Body() body: unknown): void {
    const data = (body as { data?: { task_id?: unknown; taskId?: unknown } } | null)?.data;
    const taskId = data?.task_id ?? data?.taskId;
    if (typeof taskId === 'string') this.jobs.wake(taskId);
  }

  private send(res: Response, file: string, headers: Record<string, string>): void {
    res.sendFile(file, { headers, dotfiles: 'deny', acceptRanges: true }, (error?: Error) => {
      if (error && !res.headersSent) res.status(404).json({ statusCode: 404, error: 'Not Found', message: 'The file of this track is missing', code: 'track_not_found' });
    });
  }
}
