import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { Endpoint } from '../core/http/endpoint.decorator';
import { Authenticated } from '../auth/authenticated.decorator';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { AffiliateClickCreatedDto, CreateAffiliateClickDto, EventDto, EventIdParamDto } from './events.dto';
import { EventsService } from './events.service';

@ApiTags('events')
@Controller('events')
export class EventsController {
  /** Clicks per client IP per minute: more than anyone buys tickets, too few to flood the table. */
  static readonly clicksPerMinute = 30;

  constructor(private readonly events: EventsService) {}

  @Get()
  @Endpoint({ id: 'listEvents', summary: 'The upcoming events of EVENTS_FILE, soonest first (none without it)', ok: [EventDto] })
  list(): Promise<EventDto[]> {
    return this.events.upcoming();
  }

  @Post(':id/affiliate-click')
  @HttpCode(HttpStatus.CREATED)
  @Throttle({ default: { limit: EventsController.clicksPerMinute, ttl: 60_000 } })
  @ApiCreatedResponse({ type: AffiliateClickCreatedDto })
  @Endpoint({
    id: 'recordAffiliateClick',
    summary: "Record a click on an event's ticket link (with the user, when signed in)",
    errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, { status: HttpStatus.TOO_MANY_REQUESTS, description: 'Too many clicks; see Retry-After' }],
  })
  @Authenticated({ optional: true })
  recordClick(
    @Param() { id }: EventIdParamDto,
    @Body() click: CreateAffiliateClickDto,
    @OptionalPrincipal() principal?: Principal,
  ): Promise<AffiliateClickCreatedDto> {
    return this.events.recordClick(id, click, principal?.userId);
  }
}
