import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { Endpoint } from '../core/http/endpoint.decorator';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { UserAgent } from '../core/http/user-agent.decorator';
import { ClientLogCreatedDto, CreateClientLogDto } from './client-log.dto';
import { ClientLogsService } from './client-logs.service';

@ApiTags('site')
@Controller('client-logs')
export class ClientLogsController {
  /** Reports per client IP per minute: enough for a real user, useless for flooding the table. */
  static readonly perMinute = 30;

  constructor(private readonly clientLogs: ClientLogsService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @Throttle({ default: { limit: ClientLogsController.perMinute, ttl: 60_000 } })
  @ApiCreatedResponse({ type: ClientLogCreatedDto })
  @Endpoint({
    id: 'createClientLog',
    summary: 'Report a 404 or a client-side error from the web app',
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.TOO_MANY_REQUESTS, description: 'Too many reports; see Retry-After' }],
  })
  create(@Body() report: CreateClientLogDto, @UserAgent() userAgent?: string): Promise<ClientLogCreatedDto> {
    return this.clientLogs.record(report, userAgent);
  }
}
