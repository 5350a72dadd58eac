import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, type RawBodyRequest, Req } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { BillingPlansDto, CheckoutRequestDto, EntitlementsDto, RedirectDto, WebhookReceivedDto } from './billing.dto';
import { BillingService } from './billing.service';
import { EntitlementsService } from './entitlements.service';

/** Buying, the portal and re-syncing are the account holder's own acts: only a signed-in session, never an API key. */
@ApiTags('billing')
@Controller('billing')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly entitlements: EntitlementsService,
  ) {}

  @Get('plans')
  @Endpoint({ id: 'getBillingPlans', summary: 'The plans with their prices and limits, and whether they can be bought online here', ok: BillingPlansDto })
  plans(): BillingPlansDto {
    return this.billing.plans();
  }

  @Post('checkout')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @Endpoint({
    id: 'createCheckout',
    summary: "A Stripe Checkout Session for the plan (a first subscription starts with the free trial); go to its url",
    ok: RedirectDto,
    errors: [
      HttpStatus.BAD_REQUEST,
      { status: HttpStatus.CONFLICT, description: 'code already_subscribed: open the portal instead' },
      { status: HttpStatus.BAD_GATEWAY, description: 'code checkout_failed: Stripe did not answer' },
      { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code billing_disabled: no online payment on this installation' },
      HttpStatus.TOO_MANY_REQUESTS,
    ],
  })
  @Authenticated({ confirmed: true, session: true })
  checkout(@Body() { planType }: CheckoutRequestDto, @CurrentPrincipal() principal: Principal): Promise<RedirectDto> {
    return this.billing.checkout(principal.userId, planType);
  }

  @Post('portal')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @Endpoint({
    id: 'openBillingPortal',
    summary: "Stripe's customer portal (cancel at period end, switch plan, invoices); go to its url",
    ok: RedirectDto,
    errors: [
      { status: HttpStatus.NOT_FOUND, description: 'code no_billing_account: the account never subscribed' },
      { status: HttpStatus.BAD_GATEWAY, description: 'code portal_failed' },
      { status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code billing_disabled' },
      HttpStatus.TOO_MANY_REQUESTS,
    ],
  })
  @Authenticated({ confirmed: true, session: true })
  portal(@CurrentPrincipal() principal: Principal): Promise<RedirectDto> {
    return this.billing.portal(principal.userId);
  }

  @Post('sync')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: 6, ttl: 60_000 } })
  @Endpoint({
    id: 'syncSubscription',
    summary: "Re-read the account's subscriptions from Stripe now (after checkout, without waiting for the webhook)",
    ok: EntitlementsDto,
    errors: [{ status: HttpStatus.SERVICE_UNAVAILABLE, description: 'code sync_failed' }, HttpStatus.TOO_MANY_REQUESTS],
  })
  @Authenticated({ confirmed: true, session: true })
  async sync(@CurrentPrincipal() principal: Principal): Promise<EntitlementsDto> {
    await this.billing.syncUser(principal.userId);
    return this.entitlements.entitlementsOf(principal.userId);
  }

  /** Stripe's webhook: not for clients, so not in the document (its body is Stripe's, verified by signature). */
  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @SkipThrottle()
  @ApiExcludeEndpoint()
  async webhook(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string): Promise<WebhookReceivedDto> {
    await this.billing.receiveWebhook(req.rawBody, signature);
    return { received: true };
  }
}
