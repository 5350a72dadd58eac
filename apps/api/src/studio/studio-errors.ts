import { ConflictException, HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
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
  /** The track is there but the store has no file for it. */
  fileMissing: () => new NotFoundException({ message: 'The file of this track is missing', code: 'track_not_found' }),
};

uniqueConflicts.set('UQ_studio_generations_user_active', studioErrors.busy);
