import { Controller, Get, HttpStatus } from '@nestjs/common';
import { Endpoint } from '../../core/http/endpoint.decorator';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Endpoint({
    id: 'getHealth',
    summary: 'Liveness of the API and its database',
    ok: HealthDto,
    errors: [{ status: HttpStatus.SERVICE_UNAVAILABLE, description: 'The database does not answer' }],
  })
  check(): Promise<HealthDto> {
    return this.health.check();
  }
}
