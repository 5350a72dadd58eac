import { ConflictException, ForbiddenException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { uniqueConflicts } from '../core/database/database-errors';

/** The live errors clients act on, each with its stable `code`. */
export const liveErrors = {
  alreadyStreaming: () => new ConflictException({ message: 'You already have a stream that has not ended: stop it first', code: 'already_streaming' }),
  notFound: () => new NotFoundException({ message: 'No such stream', code: 'stream_not_found' }),
  full: (max: number) =>
    new ServiceUnavailableException({ message: `All ${max} live slots of this server are taken; try again in a few minutes`, code: 'live_full' }),
  viewersFull: () => new ServiceUnavailableException({ message: 'This stream has as many viewers as it can take; try again in a moment', code: 'viewers_full' }),
  /** An Ultra-only stream for a viewer whose plan lacks exclusiveLive (or who is not signed in): the plan that opens it. */
  ultraOnly: () => new ForbiddenException({ message: 'This stream is for Ultra members', code: 'ultra_only', requiredPlan: 'ultra' }),
  /** Who may watch is set while the stream is ready or live; a replay keeps the audience it ended with. */
  ended: () => new ConflictException({ message: 'The stream has ended: its audience can no longer change', code: 'stream_ended' }),
  notYetPlayable: () => new NotFoundException({ message: 'The stream has not sent any video yet', code: 'not_live_yet' }),
};

uniqueConflicts.set('UQ_live_streams_user_unended', liveErrors.alreadyStreaming);
