import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import {
  AttemptsQueryDto,
  CreatedWebhookDto,
  CreateWebhookDto,
  QueuedMessageDto,
  RotatedSecretDto,
  UpdateWebhookDto,
  WebhookAttemptsDto,
  WebhookDto,
  WebhookIdParamDto,
  WebhookListDto,
  WebhookMessageParamDto,
} from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

const MANAGE = { confirmed: true, fullAccess: true } as const;

/** Webhook management takes a full-access key or a signed-in session (docs/developer-api.md, "Webhooks"). */
@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @Endpoint({ id: 'listWebhooks', summary: 'Your webhook endpoints (never their secrets) and the events they can receive', ok: WebhookListDto })
  @Authenticated(MANAGE)
  list(@CurrentPrincipal() principal: Principal): Promise<WebhookListDto> {
    return this.webhooks.list(principal.userId);
  }

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiCreatedResponse({ type: CreatedWebhookDto, description: 'The secret is in this answer only' })
  @Endpoint({
    id: 'createWebhook',
    summary: 'Receive events at a URL, signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)',
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.UNPROCESSABLE_ENTITY, description: 'code webhook_url_refused: not https, credentials, or a non-public address' }, { status: HttpStatus.CONFLICT, description: 'code too_many_webhooks' }],
  })
  @Authenticated({ ...MANAGE, recent: true })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWebhookDto): Promise<CreatedWebhookDto> {
    return this.webhooks.create(principal.userId, body);
  }

  @Get(':id')
  @Endpoint({ id: 'getWebhook', summary: 'One of your webhook endpoints', ok: WebhookDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated(MANAGE)
  get(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookIdParamDto): Promise<WebhookDto> {
    return this.webhooks.get(principal.userId, id);
  }

  @Patch(':id')
  @Endpoint({ id: 'updateWebhook', summary: 'Change the URL or the events', ok: WebhookDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.UNPROCESSABLE_ENTITY] })
  @Authenticated(MANAGE)
  update(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookIdParamDto, @Body() body: UpdateWebhookDto): Promise<WebhookDto> {
    return this.webhooks.update(principal.userId, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  @Endpoint({ id: 'deleteWebhook', summary: 'Stop sending events there, and forget its log', errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated(MANAGE)
  delete(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookIdParamDto): Promise<void> {
    return this.webhooks.delete(principal.userId, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @Endpoint({ id: 'rotateWebhookSecret', summary: 'A new signing secret; the previous one signs beside it for 24 h', ok: RotatedSecretDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated(MANAGE)
  rotate(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookIdParamDto): Promise<RotatedSecretDto> {
    return this.webhooks.rotate(principal.userId, id);
  }

  @Post(':id/enable')
  @HttpCode(HttpStatus.OK)
  @Endpoint({ id: 'enableWebhook', summary: 'Send to a disabled endpoint again', ok: WebhookDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated(MANAGE)
  enable(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookIdParamDto): Promise<WebhookDto> {
    return this.webhooks.enable(principal.userId, id);
  }

  @Post(':id/test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: QueuedMessageDto })
  @Endpoint({ id: 'testWebhook', summary: 'Send a ping event to this endpoint', errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, { status: HttpStatus.CONFLICT, description: 'code webhook_disabled' }] })
  @Authenticated(MANAGE)
  test(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookIdParamDto): Promise<QueuedMessageDto> {
    return this.webhooks.test(principal.userId, id);
  }

  @Get(':id/attempts')
  @Endpoint({ id: 'listWebhookAttempts', summary: 'The delivery log: the latest tries, the newest first (kept 30 days)', ok: WebhookAttemptsDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated(MANAGE)
  attempts(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookIdParamDto, @Query() { limit }: AttemptsQueryDto): Promise<WebhookAttemptsDto> {
    return this.webhooks.attempts(principal.userId, id, limit);
  }

  @Post(':id/messages/:messageId/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: QueuedMessageDto })
  @Endpoint({ id: 'retryWebhookMessage', summary: 'Try a finished delivery once more', errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, { status: HttpStatus.CONFLICT, description: 'code webhook_disabled' }] })
  @Authenticated(MANAGE)
  retry(@CurrentPrincipal() principal: Principal, @Param() { id, messageId }: WebhookMessageParamDto): Promise<QueuedMessageDto> {
    return this.webhooks.retry(principal.userId, id, messageId);
  }
}
