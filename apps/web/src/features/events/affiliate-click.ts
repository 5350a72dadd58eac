import { recordClick, type CreateAffiliateClickDto } from './api/events';

/** The API keeps at most this much of a URL. */
const MAX_URL_LENGTH = 2048;

export interface ClickContext {
  /** document.referrer: where the visitor came from (empty when they typed the address). */
  referrer: string;
  /** location.href: the page the click happened on. */
  href: string;
  now(): Date;
}

const browserContext = (): ClickContext => ({ referrer: document.referrer, href: window.location.href, now: () => new Date() });

/** The record of a click on a ticket link that opened `openedUrl`. */
export function affiliateClick(openedUrl: string, context: ClickContext = browserContext()): CreateAffiliateClickDto {
  return {
    ticket_url: openedUrl,
    referrer: (context.referrer || context.href).slice(0, MAX_URL_LENGTH),
    click_timestamp: context.now().toISOString(),
  };
}

/**
 * Records the click (track-affiliate-click). It never blocks or fails the navigation: the link opens by
 * itself, and a failure here is only logged.
 */
export async function recordTicketClick(eventId: string, openedUrl: string, context?: ClickContext): Promise<void> {
  try {
    await recordClick(eventId, affiliateClick(openedUrl, context));
  } catch (error) {
    console.warn('The ticket click could not be recorded', error);
  }
}
