import { Controller, Get, HttpStatus } from '@nestjs/common';
import { Endpoint } from '../../core/http/endpoint.decorator';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthDto, LivenessDto, ReadinessDto } from './health.dto';
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

  @Get('live')
  @Endpoint({
    id: 'getLiveness',
    summary: 'Liveness: the process answers (restart it when this fails); asks nothing of the database or the store',
    ok: LivenessDto,
  })
  live(): LivenessDto {
    return this.health.live();
  }

  @Get('ready')
  @Endpoint({
    id: 'getReadiness',
    summary: 'Readiness: send this process traffic (its database and store answer within 2 s, its migrations are done, it is not draining)',
    ok: ReadinessDto,
    errors: [{ status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code not_ready: the message names each check that failed (database, store, migrations, draining)' }],
  })
  ready(): Promise<ReadinessDto> {
    return this.health.ready();
  }
}
