import { listEvents, recordAffiliateClick, type CreateAffiliateClickDto, type EventDto } from '@grouarock/api-client';

export type { CreateAffiliateClickDto, EventDto };
export type EventCategory = EventDto['category'];

/** The events calls, through the generated client (they throw on an HTTP error). */
export const eventsApi = {
  /** The listed events still to come, soonest first. */
  async upcoming(): Promise<EventDto[]> {
    const { data } = await listEvents({ throwOnError: true });
    return data;
  },
  async recordClick(eventId: string, click: CreateAffiliateClickDto): Promise<void> {
    await recordAffiliateClick({ path: { id: eventId }, body: click, throwOnError: true });
  },
};
