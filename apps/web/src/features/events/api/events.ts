import { listEvents, recordAffiliateClick, type CreateAffiliateClickDto, type EventDto } from '@grouarock/api-client';
import useSWR from 'swr';
import { dataOf } from '../../../lib/query';

export type { CreateAffiliateClickDto, EventDto };
export type EventCategory = EventDto['category'];

/** GET /events: the listed events still to come, soonest first. */
export function useUpcomingEvents() {
  return useSWR('/events', () => dataOf(listEvents({ throwOnError: true })));
}

/** POST /events/{id}/affiliate-click: a ticket link was followed. */
export async function recordClick(eventId: string, click: CreateAffiliateClickDto): Promise<void> {
  await recordAffiliateClick({ path: { id: eventId }, body: click, throwOnError: true });
}
