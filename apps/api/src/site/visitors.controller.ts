import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { ErrorDto } from '../core/http/error.dto';
import { RegisterVisitDto, VisitDto, VisitorsDto } from './visitors.dto';
import { VisitorsService } from './visitors.service';

@ApiTags('site')
@Controller('visitors')
export class VisitorsController {
  constructor(private readonly visitors: VisitorsService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiOperation({ operationId: 'registerVisit', summary: 'Count this browser session once (repeating is harmless); the 1000th is the winner' })
  @ApiOkResponse({ type: VisitDto })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  register(@Body() { sessionId }: RegisterVisitDto): Promise<VisitDto> {
    return this.visitors.register(sessionId);
  }

  @Get()
  @ApiOperation({ operationId: 'getVisitors', summary: 'The visitor count and when the 1000th visitor came' })
  @ApiOkResponse({ type: VisitorsDto })
  current(): Promise<VisitorsDto> {
    return this.visitors.current();
  }
}
