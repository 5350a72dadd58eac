import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { EntitlementsDto } from './billing.dto';
import { EntitlementsService } from './entitlements.service';

@ApiTags('billing')
@Controller('me')
export class EntitlementsController {
  constructor(private readonly entitlements: EntitlementsService) {}

  @Get('entitlements')
  @Endpoint({ id: 'getEntitlements', summary: "The account's plan, what gives it, and its limits", ok: EntitlementsDto })
  @Authenticated()
  entitlementsOf(@CurrentPrincipal() principal: Principal): Promise<EntitlementsDto> {
    return this.entitlements.entitlementsOf(principal.userId);
  }
}
