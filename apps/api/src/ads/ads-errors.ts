import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';

/** The ad errors clients act on, each with its stable `code`. */
export const adsErrors = {
  breakDue: () =>
    new ForbiddenException({ message: 'An ad break is due: play it (POST /ads/listening hands it out), then the station plays again', code: 'ad_break_due' }),
  unknownBreak: () => new NotFoundException({ message: 'This listener has no such ad break', code: 'ad_break_not_found' }),
  unfinished: (secondsLeft: number) =>
    new ConflictException({ message: `The spot has not played whole yet: ${secondsLeft} s left`, code: 'ad_break_unfinished' }),
  spotMissing: () => new NotFoundException({ message: 'No such ad spot', code: 'ad_spot_not_found' }),
};
