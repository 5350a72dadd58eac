import { Controller, Header, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Principals, TICKET_TTL_SECONDS } from '../auth/principals.service';
import { Endpoint } from '../core/http/endpoint.decorator';
import { REALTIME_PATH } from './realtime-endpoint';

export class RealtimeTicketDto {
  @ApiProperty({ description: `Connect with ${REALTIME_PATH}?token=<ticket>: once, within a minute`, example: 'grt_Qm9…' }) ticket!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
  @ApiProperty({ example: TICKET_TTL_SECONDS }) expiresIn!: number;
}

@ApiTags('realtime')
@Controller('realtime')
export class RealtimeTicketController {
  constructor(private readonly principals: Principals) {}

  @Post('ticket')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @Endpoint({ id: 'createRealtimeTicket', summary: 'A single-use, one-minute ticket to the realtime socket, so that API keys never travel in URLs', ok: RealtimeTicketDto })
  @Authenticated({ readsOnly: true })
  async ticket(@CurrentPrincipal() principal: Principal): Promise<RealtimeTicketDto> {
    const { ticket, expiresAt } = await this.principals.issueTicket(principal);
    return { ticket, expiresAt: expiresAt.toISOString(), expiresIn: TICKET_TTL_SECONDS };
  }
}
