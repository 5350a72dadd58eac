import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { Endpoint } from '../core/http/endpoint.decorator';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { RegisterVisitDto, VisitDto, VisitorsDto } from './visitors.dto';
import { VisitorsService } from './visitors.service';

@ApiTags('site')
@Controller('visitors')
export class VisitorsController {
  constructor(private readonly visitors: VisitorsService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @Endpoint({
    id: 'registerVisit',
    summary: 'Count this browser session once (repeating is harmless); the 1000th is the winner',
    ok: VisitDto,
    errors: [HttpStatus.BAD_REQUEST, HttpStatus.TOO_MANY_REQUESTS],
  })
  register(@Body() { sessionId }: RegisterVisitDto): Promise<VisitDto> {
    return this.visitors.register(sessionId);
  }

  @Get()
  @Endpoint({ id: 'getVisitors', summary: 'The visitor count and when the 1000th visitor came', ok: VisitorsDto })
  current(): Promise<VisitorsDto> {
    return this.visitors.current();
  }
}
