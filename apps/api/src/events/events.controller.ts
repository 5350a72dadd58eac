import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { OptionalAccessTokenGuard, OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { ErrorDto } from '../core/http/error.dto';
import { AffiliateClickCreatedDto, CreateAffiliateClickDto, EventDto, EventIdParamDto } from './events.dto';
import { EventsService } from './events.service';

@ApiTags('events')
@Controller('events')
export class EventsController {
  /** Clicks per client IP per minute: more than anyone buys tickets, too few to flood the table. */
  static readonly clicksPerMinute = 30;

  constructor(private readonly events: EventsService) {}

  @Get()
  @ApiOperation({ operationId: 'listEvents', summary: 'The upcoming events of EVENTS_FILE, soonest first (none without it)' })
  @ApiOkResponse({ type: [EventDto] })
  list(): Promise<EventDto[]> {
    return this.events.upcoming();
  }

  @Post(':id/affiliate-click')
  @HttpCode(HttpStatus.CREATED)
  @Throttle({ default: { limit: EventsController.clicksPerMinute, ttl: 60_000 } })
  @UseGuards(OptionalAccessTokenGuard)
  @ApiBearerAuth()
  @ApiOperation({ operationId: 'recordAffiliateClick', summary: "Record a click on an event's ticket link (with the user, when signed in)" })
  @ApiCreatedResponse({ type: AffiliateClickCreatedDto })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'An access token was sent but is not valid' })
  @ApiNotFoundResponse({ type: ErrorDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Too many clicks; see Retry-After' })
  recordClick(
    @Param() { id }: EventIdParamDto,
    @Body() click: CreateAffiliateClickDto,
    @OptionalPrincipal() principal?: Principal,
  ): Promise<AffiliateClickCreatedDto> {
    return this.events.recordClick(id, click, principal?.userId);
  }
}
