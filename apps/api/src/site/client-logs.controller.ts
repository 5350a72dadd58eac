import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { ErrorDto } from '../core/http/error.dto';
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
  @ApiOperation({ operationId: 'createClientLog', summary: 'Report a 404 or a client-side error from the web app' })
  @ApiCreatedResponse({ type: ClientLogCreatedDto })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Too many reports; see Retry-After' })
  create(@Body() report: CreateClientLogDto, @UserAgent() userAgent?: string): Promise<ClientLogCreatedDto> {
    return this.clientLogs.record(report, userAgent);
  }
}
