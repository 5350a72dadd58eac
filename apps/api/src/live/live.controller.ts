import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { CurrentPrincipal, OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { CreatedStreamDto, CreateStreamDto, CurrentStreamDto, LiveStreamDto, StreamIdParamDto, StreamListDto, UpdateStreamDto, WatchDto } from './live.dto';
import { LiveService } from './live.service';

@ApiTags('live')
@Controller('stream')
export class LiveController {
  constructor(private readonly live: LiveService) {}

  @Post('create')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  @Endpoint({
    id: 'createStream',
    summary: 'A new stream of yours, ready for video from OBS (RTMP, with the key shown only now) or from the browser',
    ok: CreatedStreamDto,
    errors: [
      HttpStatus.BAD_REQUEST,
      { status: HttpStatus.CONFLICT, description: 'code already_streaming: you have a stream that has not ended' },
      { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code live_full: every live slot of the server is taken' },
      HttpStatus.TOO_MANY_REQUESTS,
    ],
  })
  @Authenticated({ confirmed: true })
  create(@Body() body: CreateStreamDto, @CurrentPrincipal() principal: Principal): Promise<CreatedStreamDto> {
    return this.live.create(principal.userId, body);
  }

  @Get('list')
  @Endpoint({ id: 'listStreams', summary: 'Streams live now (the latest started first) and the latest replays', ok: StreamListDto })
  list(): Promise<StreamListDto> {
    return this.live.list();
  }

  @Get('current')
  @Endpoint({ id: 'getCurrentStream', summary: 'Your stream that has not ended, if any, and where OBS sends its video', ok: CurrentStreamDto })
  @Authenticated({ confirmed: true })
  current(@CurrentPrincipal() principal: Principal): Promise<CurrentStreamDto> {
    return this.live.current(principal.userId);
  }

  @Get(':id')
  @Endpoint({ id: 'getStream', summary: 'One stream, live or a replay', ok: LiveStreamDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  get(@Param() { id }: StreamIdParamDto): Promise<LiveStreamDto> {
    return this.live.get(id);
  }

  @Patch(':id')
  @Endpoint({
    id: 'updateStream',
    summary: 'Set who may watch your stream (everyone, or Ultra members only) while it is ready or live',
    ok: LiveStreamDto,
    errors: [
      HttpStatus.BAD_REQUEST,
      { status: HttpStatus.NOT_FOUND, description: 'code stream_not_found (someone else’s stream too)' },
      { status: HttpStatus.CONFLICT, description: 'code stream_ended: a replay keeps its audience' },
    ],
  })
  @Authenticated({ confirmed: true })
  update(@Param() { id }: StreamIdParamDto, @Body() body: UpdateStreamDto, @CurrentPrincipal() principal: Principal): Promise<LiveStreamDto> {
    return this.live.setAudience(principal.userId, id, body.audience);
  }

  @Post(':id/watch')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    id: 'watchStream',
    summary: 'Where you play the stream: an Ultra-only one’s playlist URL carries your access (Ultra members and its owner)',
    ok: WatchDto,
    errors: [
      HttpStatus.BAD_REQUEST,
      HttpStatus.NOT_FOUND,
      { status: HttpStatus.FORBIDDEN, description: 'code ultra_only: the stream is for the plan in requiredPlan (sign in with it)' },
    ],
  })
  @Authenticated({ optional: true })
  watch(@Param() { id }: StreamIdParamDto, @OptionalPrincipal() principal?: Principal): Promise<WatchDto> {
    return this.live.watch(id, principal?.userId);
  }

  @Post(':id/stop')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Stopped: a live stream is now a replay; one that never went live is gone' })
  @Endpoint({
    id: 'stopStream',
    summary: 'Stop your stream',
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code stream_not_found (someone else’s stream too)' }],
  })
  @Authenticated({ confirmed: true })
  async stop(@Param() { id }: StreamIdParamDto, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.live.stop(principal.userId, id);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted, with its video' })
  @Endpoint({
    id: 'deleteStream',
    summary: 'Delete your stream or replay and its video',
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.NOT_FOUND, description: 'code stream_not_found (someone else’s stream too)' }],
  })
  @Authenticated({ confirmed: true })
  async remove(@Param() { id }: StreamIdParamDto, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.live.remove(principal.userId, id);
  }
}
