import { BadGatewayException, ConflictException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';

/** The billing errors clients act on, each with its stable `code`. */
export const billingErrors = {
  disabled: () =>
    new ServiceUnavailableException({
      message: 'Online payment is not set up on this installation; its operator sets plans with the plans command',
      code: 'billing_disabled',
    }),
  alreadySubscribed: () =>
    new ConflictException({ message: 'This account already has a subscription: change or cancel it in the customer portal', code: 'already_subscribed' }),
  checkoutFailed: () => new BadGatewayException({ message: 'The payment provider did not answer; try again in a moment', code: 'checkout_failed' }),
  portalFailed: () => new BadGatewayException({ message: 'The payment provider did not answer; try again in a moment', code: 'portal_failed' }),
  noBillingAccount: () => new NotFoundException({ message: 'This account has never subscribed, so it has no billing portal', code: 'no_billing_account' }),
  webhookDisabled: () => new ServiceUnavailableException({ message: 'No webhook signing secret is configured (STRIPE_WEBHOOK_SECRETS)', code: 'webhook_disabled' }),
  syncFailed: () => new ServiceUnavailableException({ message: 'The subscription could not be read from Stripe; deliver the event again', code: 'sync_failed' }),
  eventInProgress: () => new ConflictException({ message: 'This event is being processed by another delivery', code: 'event_in_progress' }),
};
