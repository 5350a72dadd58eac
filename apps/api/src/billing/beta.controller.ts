import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../core/http/endpoint.decorator';
import { BetaListDto } from './beta.dto';
import { EntitlementsService } from './entitlements.service';

@ApiTags('billing')
@Controller('beta')
export class BetaController {
  constructor(private readonly entitlements: EntitlementsService) {}

  @Get()
  @Endpoint({ id: 'listBetaFeatures', summary: 'Features in beta on this installation, which Ultra members have first', ok: BetaListDto })
  list(): BetaListDto {
    return { features: [...this.entitlements.inBeta], plan: 'ultra' };
  }
}
