import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiFoundResponse, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { Endpoint } from '../core/http/endpoint.decorator';
import { fromStorage, sendMedia } from '../core/http/send-media';
import { MediaStorage } from '../repositories/media-storage';
import { studioErrors } from './studio-errors';
import { StudioJobs } from './studio-jobs.service';
import {
  AudioQueryDto,
  GenerateDto,
  GenerateResultDto,
  LibraryDto,
  MediaLinkQueryDto,
  ProviderHealthDto,
  RenameTrackDto,
  StatusDto,
  StatusResultDto,
  TrackDto,
  TrackIdParamDto,
  UsageDto,
} from './studio.dto';
import { StudioService } from './studio.service';
import { trackFileHeaders } from './track-media';

const MEDIA_STORE_DOWN = { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code storage_unavailable: the media store does not answer; try again in a moment' };
/** The answers of a track's file to a link that does not open it (docs/studio.md, "Private media on expiring links"). */
const LINK_REFUSED = [
  { status: HttpStatus.UNAUTHORIZED, description: 'code link_retired: no signed link and no sign-in of the owner (the permanent URLs of before); a bad access token or API key is a 401 too' },
  { status: HttpStatus.FORBIDDEN, description: 'code link_expired: the signed link is past its expiry; code link_invalid: its signature does not match this track, file and expiry' },
];

/** A title as a file name: letters, digits, spaces and dashes (the rest dropped), never empty. */
function fileName(title: string): string {
  return `${title.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, ' ').slice(0, 80) || 'track'}.mp3`;
}

@ApiTags('studio')
@Controller('studio')
export class StudioController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly studio: StudioService,
    private readonly jobs: StudioJobs,
    private readonly storage: MediaStorage,
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
    summary:
      'A track’s MP3 (Range requests for seeking) on the signed link audio_url gives, until it expires; or for its owner signed in. With download=1, as a file to save. With S3 and MEDIA_PUBLIC_URL, a redirect to the store’s presigned URL (except download=1)',
    okMedia: { description: 'MP3', types: ['audio/mpeg'] },
    errors: [HttpStatus.BAD_REQUEST, ...LINK_REFUSED, HttpStatus.NOT_FOUND, MEDIA_STORE_DOWN],
  })
  @ApiFoundResponse({ description: 'With S3 and MEDIA_PUBLIC_URL, a signed link (without download=1): the store’s presigned URL of the file, ending with the link' })
  @Authenticated({ optional: true })
  async audio(
    @Param() { id }: TrackIdParamDto,
    @Query() { download, expires, sig }: AudioQueryDto,
    @OptionalPrincipal() principal: Principal | undefined,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const { key, track, expires: until } = await this.studio.file(id, 'audio', { expires, sig }, principal?.userId);
    const headers = trackFileHeaders(key, 'audio');
    if (download) headers['Content-Disposition'] = `attachment; filename="${fileName(track.title)}"; filename*=UTF-8''${encodeURIComponent(`${track.title}.mp3`)}`;
    // The store cannot name the saved file: a download is streamed by us, with our Content-Disposition.
    await this.send(req, res, key, headers, download ? undefined : until);
  }

  @Get('tracks/:id/offline')
  @SkipThrottle()
  @Endpoint({
    id: 'getStudioTrackOffline',
    summary: 'One of your tracks’ MP3, whole, to keep in the browser for offline listening (Premium and Ultra); never a CDN redirect',
    okMedia: { description: 'MP3', types: ['audio/mpeg'] },
    errors: [
      HttpStatus.BAD_REQUEST,
      { status: HttpStatus.FORBIDDEN, description: 'code premium_required: the Basic plan keeps nothing offline (requiredPlan names the plan that does: premium); code email_not_confirmed' },
      HttpStatus.NOT_FOUND,
      MEDIA_STORE_DOWN,
    ],
  })
  @Authenticated({ confirmed: true })
  async offline(@Param() { id }: TrackIdParamDto, @CurrentPrincipal() principal: Principal, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const key = await this.studio.offlineFile(principal.userId, id);
    await sendMedia(req, res, this.storage, key, { headers: trackFileHeaders(key, 'audio'), notFound: studioErrors.fileMissing });
  }

  @Get('tracks/:id/cover')
  @SkipThrottle()
  @Endpoint({
    id: 'getStudioTrackCover',
    summary: 'A track’s cover image on the signed link image_url gives, until it expires; or for its owner signed in. With S3 and MEDIA_PUBLIC_URL, a redirect to the store’s presigned URL',
    okMedia: { description: 'Image', types: ['image/svg+xml', 'image/jpeg', 'image/png', 'image/webp'] },
    errors: [HttpStatus.BAD_REQUEST, ...LINK_REFUSED, HttpStatus.NOT_FOUND, MEDIA_STORE_DOWN],
  })
  @ApiFoundResponse({ description: 'With S3 and MEDIA_PUBLIC_URL, a signed link: the store’s presigned URL of the file, ending with the link' })
  @Authenticated({ optional: true })
  async cover(
    @Param() { id }: TrackIdParamDto,
    @Query() { expires, sig }: MediaLinkQueryDto,
    @OptionalPrincipal() principal: Principal | undefined,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const { key, expires: until } = await this.studio.file(id, 'cover', { expires, sig }, principal?.userId);
    // An SVG we drew, served so that nothing in it could run even when opened on its own.
    const headers = { ...trackFileHeaders(key, 'cover'), 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" };
    await this.send(req, res, key, headers, until);
  }

  /**
   * Streams a track's file, or, for a signed link with a bucket whose URLs clients reach (S3 and MEDIA_PUBLIC_URL),
   * redirects to the store's presigned URL of it that ends when the link does. The CDN of MEDIA_PUBLIC_URL is public,
   * so private files never go through it.
   */
  private async send(req: FastifyRequest, res: FastifyReply, key: string, headers: Record<string, string>, until: string | undefined): Promise<void> {
    if (until !== undefined && this.config.media.publicUrl) {
      const seconds = this.studio.secondsLeft(until);
      const presigned = await fromStorage(() => this.storage.presignedGet(key, seconds));
      if (presigned) {
        void res.header('Cache-Control', 'private, no-store').redirect(presigned, 302);
        return;
      }
    }
    await sendMedia(req, res, this.storage, key, { headers, notFound: studioErrors.fileMissing });
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
  // The provider's own payload, taken as it comes: only the task id is read from it, and any other shape is ignored.
  @ApiBody({
    required: false,
    description: "The task API's callback; its task id (data.task_id or data.taskId) makes that generation's poll ask at once, anything else is ignored",
    schema: { type: 'object', properties: { data: { type: 'object', properties: { task_id: { type: 'string' }, taskId: { type: 'string' } } } } },
  })
  callback(@Body() body: unknown): void {
    const data = (body as { data?: { task_id?: unknown; taskId?: unknown } } | null)?.data;
    const taskId = data?.task_id ?? data?.taskId;
    if (typeof taskId === 'string') this.jobs.wake(taskId);
  }
}
