import { ConflictException, ForbiddenException, HttpException, HttpStatus, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { uniqueConflicts } from '../core/database/database-errors';
import { premiumRequired } from '../core/http/plan-required';

/** The studio's errors clients act on, each with its stable `code` (the page shows its own text for each). */
export const studioErrors = {
  dailyLimit: (limit: number) =>
    new HttpException(
      { statusCode: HttpStatus.TOO_MANY_REQUESTS, error: 'Too Many Requests', message: `Your plan's ${limit} generation(s) of today are used; more tomorrow or with a higher plan`, code: 'daily_limit' },
      HttpStatus.TOO_MANY_REQUESTS,
    ),
  premiumTool: (tool: string) => premiumRequired(`${tool} needs the Premium or Ultra plan`),
  premiumLength: () => premiumRequired('Tracks of 5 minutes and more need the Premium or Ultra plan'),
  premiumOffline: () => premiumRequired('Keeping tracks for offline listening needs the Premium plan (or Ultra)', 'premium'),
  busy: () => new ConflictException({ message: 'One of your tracks is still being generated: wait for it first', code: 'generation_in_progress' }),
  trackNotFound: () => new NotFoundException({ message: 'No such track', code: 'track_not_found' }),
  /** A signed media link past its expiry: the page asks for the track again for a fresh one (docs/studio.md). */
  linkExpired: () => new ForbiddenException({ message: 'This link to the track has expired: open the track again for a fresh one', code: 'link_expired' }),
  /** A media link whose signature does not match its track, file and expiry (altered, cut or made up). */
  linkInvalid: () => new ForbiddenException({ message: 'This link to the track is not valid', code: 'link_invalid' }),
  /** A permanent link of before expiring links, without a signature or the owner's sign-in. */
  linkRetired: () =>
    new UnauthorizedException({ message: 'Links to studio tracks now expire: sign in and open the track in your library for a fresh link', code: 'link_retired' }),
  /** The track is there but the store has no file for it. */
  fileMissing: () => new NotFoundException({ message: 'The file of this track is missing', code: 'track_not_found' }),
};

uniqueConflicts.set('UQ_studio_generations_user_active', studioErrors.busy);
