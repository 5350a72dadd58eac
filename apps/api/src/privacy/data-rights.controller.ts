import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { AnonymizedDto, AnonymizeDto, DataDeletedDto, DeleteDataDto } from './data-rights.dto';
import { DataRightsService } from './data-rights.service';

/**
 * Data rights take a signed-in session or a full-access key, even to read (docs/developer-api.md, "Data rights"); a
 * session must have signed in (or re-authenticated) in the last 10 minutes.
 */
const OWN_DATA = { confirmed: true, fullAccess: true, recent: true } as const;

@ApiTags('data rights')
@Controller('user')
export class DataRightsController {
  constructor(private readonly rights: DataRightsService) {}

  @Get('export')
  @Header('Content-Disposition', 'attachment; filename="grouarock-data.json"')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'One JSON document of everything we hold about the account: no password hash, key hash, secret or token', schema: { type: 'object' } })
  @Endpoint({ id: 'exportMyData', summary: 'Everything we hold about your account, as one JSON file (5 an hour)', errors: [HttpStatus.TOO_MANY_REQUESTS] })
  @Authenticated(OWN_DATA)
  export(@CurrentPrincipal() principal: Principal): Promise<Record<string, unknown>> {
    return this.rights.export(principal);
  }

  @Delete('data')
  @HttpCode(HttpStatus.OK)
  @Endpoint({
    id: 'deleteMyData',
    summary: 'Delete your account’s personal data now: keys, sessions and webhooks stop at once, subscriptions are cancelled',
    ok: DataDeletedDto,
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.BAD_GATEWAY, description: 'Stripe could not be reached: nothing was deleted' }],
  })
  @Authenticated(OWN_DATA)
  erase(@CurrentPrincipal() principal: Principal, @Body() _confirmation: DeleteDataDto): Promise<DataDeletedDto> {
    return this.rights.erase(principal);
  }

  @Post('anonymize')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ id: 'anonymizeMe', summary: 'Anonymize your account: signing in ends, your public playlists and likes stay under an anonymous name', ok: AnonymizedDto, errors: [HttpStatus.BAD_REQUEST] })
  @Authenticated(OWN_DATA)
  anonymize(@CurrentPrincipal() principal: Principal, @Body() _confirmation: AnonymizeDto): Promise<AnonymizedDto> {
    return this.rights.anonymize(principal);
  }
}
