import type { MessageId } from '@grouarock/i18n';
import { externalLinks } from '../../lib/external-links';
import type { Plan, PlanOfferDto } from './api/billing';

/** Where a benefit that lives on another of our sites is found: its address and the words naming the site. */
export interface PlanLineLink {
  href: string;
  label: MessageId;
}

/** One line of a plan card: a message and its values, and the site it is on when that is not this app. */
export interface PlanLine {
  id: MessageId;
  values?: Record<string, number>;
  link?: PlanLineLink;
}

/** The forums and artists' pages are on the community site, the merchandise on the marketplace. */
const ON_COMMUNITY: PlanLineLink = { href: externalLinks.community, label: 'subscription.where.community' };
const ON_MARKETPLACE: PlanLineLink = { href: externalLinks.marketplace, label: 'subscription.where.marketplace' };

/** The Ultra merchandise discount, in percent. */
export const MERCH_DISCOUNT_PERCENT = 20;

function aiLine(limits: PlanOfferDto['limits']): PlanLine {
  return limits.aiGenerationsPerDay === null ? { id: 'subscription.feature.aiUnlimited' } : { id: 'subscription.feature.ai', values: { count: limits.aiGenerationsPerDay } };
}

/** What a plan's card lists: its features (numbers from the server's limits) and, for Basic, its limitations. */
export function planLines({ plan, limits }: PlanOfferDto): { features: PlanLine[]; limitations: PlanLine[] } {
  const stations = { count: limits.stations };
  const byPlan: Record<Plan, { features: PlanLine[]; limitations: PlanLine[] }> = {
    basic: {
      features: [
        { id: 'subscription.feature.basic.radio' },
        { id: 'subscription.feature.basic.playlists', values: stations },
        { id: 'subscription.feature.basic.quality' },
        aiLine(limits),
        { id: 'subscription.feature.basic.forum', link: ON_COMMUNITY },
      ],
      limitations: [
        { id: 'subscription.limitation.basic.ads' },
        { id: 'subscription.limitation.basic.priority' },
        { id: 'subscription.limitation.basic.exclusive' },
        { id: 'subscription.limitation.basic.stations' },
      ],
    },
    premium: {
      features: [
        { id: 'subscription.feature.premium.noAds' },
        { id: 'subscription.feature.premium.priority' },
        { id: 'subscription.feature.premium.playlists', values: stations },
        { id: 'subscription.feature.premium.quality' },
        aiLine(limits),
        { id: 'subscription.feature.premium.offline' },
        { id: 'subscription.feature.premium.recommendations' },
        { id: 'subscription.feature.premium.countries' },
        { id: 'subscription.feature.premium.support' },
      ],
      limitations: [],
    },
    ultra: {
      features: [
        { id: 'subscription.feature.ultra.everything' },
        { id: 'subscription.feature.ultra.forum', link: ON_COMMUNITY },
        aiLine(limits),
        { id: 'subscription.feature.ultra.beta' },
        { id: 'subscription.feature.ultra.artists', link: ON_COMMUNITY },
        { id: 'subscription.feature.ultra.merch', values: { percent: MERCH_DISCOUNT_PERCENT }, link: ON_MARKETPLACE },
        { id: 'subscription.feature.ultra.events' },
        { id: 'subscription.feature.ultra.api' },
        { id: 'subscription.feature.ultra.stations', values: stations },
        { id: 'subscription.feature.ultra.quality' },
      ],
      limitations: [],
    },
  };
  return byPlan[plan];
}

export const PLAN_NAME_IDS: Record<Plan, MessageId> = {
  basic: 'subscription.plan.basic',
  premium: 'subscription.plan.premium',
  ultra: 'subscription.plan.ultra',
};
