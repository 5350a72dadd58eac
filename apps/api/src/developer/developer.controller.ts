import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { CurrentPrincipal, CurrentSession, type Principal, type SessionPrincipal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import type { ClientInfo } from '../auth/auth.service';
import { Client } from '../auth/client-info.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { ApiKeysService } from './api-keys.service';
import { ApiPlansService } from './api-plans.service';
import { ApiKeyIdParamDto, ApiKeyListDto, ApiPlansDto, CreateApiKeyDto, CreatedApiKeyDto, DeveloperUsageDto } from './developer.dto';

@ApiTags('developer')
@Controller('developer')
export class DeveloperController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly apiPlans: ApiPlansService,
  ) {}

  @Get('plans')
  @Endpoint({ id: 'listApiPlans', summary: 'The developer API plans: prices, limits and the cost calculator’s terms', ok: ApiPlansDto })
  plans(): ApiPlansDto {
    return this.apiPlans.offers();
  }

  @Get('keys')
  @Endpoint({ id: 'listApiKeys', summary: 'Your API keys, active or expired in the last 30 days (never the keys themselves)', ok: ApiKeyListDto })
  @Authenticated({ confirmed: true, session: true })
  list(@CurrentSession() session: SessionPrincipal): Promise<ApiKeyListDto> {
    return this.keys.list(session.userId);
  }

  @Post('keys')
  @Throttle({ default: { limit: 20, ttl: 60 * 60_000 } })
  @Header('Cache-Control', 'no-store')
  @ApiCreatedResponse({ type: CreatedApiKeyDto, description: 'The key is in this answer only' })
  @Endpoint({
    id: 'createApiKey',
    summary: 'Make an API key: read-only (GET and HEAD) or full-access, expiring in 30, 90 (the default) or 365 days, or never',
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.CONFLICT, description: 'code too_many_keys: 10 are active' }],
  })
  @Authenticated({ confirmed: true, session: true, recent: true })
  create(@CurrentSession() session: SessionPrincipal, @Body() body: CreateApiKeyDto, @Client() client: ClientInfo): Promise<CreatedApiKeyDto> {
    return this.keys.create(session.userId, body, client);
  }

  @Delete('keys/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Revoked: the key fails from the next request on' })
  @Endpoint({ id: 'revokeApiKey', summary: 'Revoke one of your API keys', errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated({ confirmed: true, session: true })
  revoke(@CurrentSession() session: SessionPrincipal, @Param() { id }: ApiKeyIdParamDto, @Client() client: ClientInfo): Promise<void> {
    return this.keys.revoke(session.userId, id, client);
  }

  @Get('usage')
  @Endpoint({ id: 'getApiUsage', summary: 'Your developer API plan, its limits and what is left of them (made with a key, this call counts as one)', ok: DeveloperUsageDto })
  @Authenticated({ confirmed: true })
  usage(@CurrentPrincipal() principal: Principal): Promise<DeveloperUsageDto> {
    return this.apiPlans.usage(principal.userId);
  }
}
