import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { TicketRefusal } from './stream-ticket';

/** The ad errors clients act on, each with its stable `code`. */
export const adsErrors = {
  breakDue: () =>
    new ForbiddenException({ message: 'An ad break is due: play it (POST /ads/listening hands it out), then the station plays again', code: 'ad_break_due' }),
  unknownBreak: () => new NotFoundException({ message: 'This listener has no such ad break', code: 'ad_break_not_found' }),
  unfinished: (secondsLeft: number) =>
    new ConflictException({ message: `The spot has not played whole yet: ${secondsLeft} s left`, code: 'ad_break_unfinished' }),
  spotMissing: () => new NotFoundException({ message: 'No such ad spot', code: 'ad_spot_not_found' }),
  ticketRequired: () =>
    new ForbiddenException({
      message: 'This stream plays with ads: start it with a stream ticket (POST /ads/tickets, then ?ticket= on the stream address), or sign in on a plan without ads',
      code: 'stream_ticket_required',
    }),
  ticketRefused: (refusal: TicketRefusal) => new ForbiddenException(TICKET_REFUSALS[refusal]),
};

const TICKET_REFUSALS: Record<TicketRefusal, { message: string; code: string }> = {
  invalid: { message: 'This stream ticket is not one of ours: ask POST /ads/tickets for one', code: 'stream_ticket_invalid' },
  expired: { message: 'This stream ticket starts streams only for a minute after it is issued: ask POST /ads/tickets for a new one', code: 'stream_ticket_expired' },
  station: { message: "This stream ticket is another station's: ask POST /ads/tickets for one of this station", code: 'stream_ticket_invalid' },
};
