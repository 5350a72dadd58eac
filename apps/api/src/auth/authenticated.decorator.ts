import { applyDecorators, HttpStatus, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from '../core/http/error.dto';

export interface AuthenticatedOptions {
  /** A request without any Authorization header passes as nobody; a bad token is still a 401. */
  optional?: boolean;
  /** Only a full account: an anonymous session is refused with 403. */
  confirmed?: boolean;
  /** Only a signed-in session, never an API key (managing keys, signing out, changing the account): 403 to a key. */
  session?: boolean;
  /** Needs a full-access key even to read (the account's personal data): 403 to a read-only key. */
  fullAccess?: boolean;
  /** A POST that changes nothing (a question with a body, a ticket): a read-only key may call it. */
  readsOnly?: boolean;
  /**
   * What matters (issue 39): a session must have signed in or re-authenticated in the last 10 minutes, else 401
   * reauthentication_required (Reauthentication). An API key passes.
   */
  recent?: boolean;
}

export const AUTHENTICATED = Symbol('authenticated');

/**
 * Who may call the route: the bearer of a valid access token of a live session, or of an API key (AuthGuard checks it
 * for every route that carries this decorator; routes without it are public, though a key sent to one is still
 * checked and counted). Documents the bearer scheme and the 401/403 answers.
 */
export function Authenticated(options: AuthenticatedOptions = {}): MethodDecorator {
  const forbidden = [
    options.confirmed && 'code account_required (an anonymous session)',
    options.session && 'code session_required (an API key)',
    options.fullAccess && 'code insufficient_scope (a read-only key)',
  ].filter(Boolean);
  return applyDecorators(
    SetMetadata(AUTHENTICATED, options),
    ApiBearerAuth(),
    ApiResponse({
      status: HttpStatus.UNAUTHORIZED,
      type: ErrorDto,
      ...(options.optional ? { description: 'An access token or API key was sent but is not valid' } : {}),
      ...(options.recent ? { description: 'code reauthentication_required: the sign-in is older than 10 minutes; confirm with POST /auth/reauthenticate (factors lists how)' } : {}),
    }),
    ...(forbidden.length ? [ApiResponse({ status: HttpStatus.FORBIDDEN, type: ErrorDto, description: forbidden.join('; ') })] : []),
    // Says in the OpenAPI document which non-GET operations a read-only key may call.
    ...(options.readsOnly ? [ApiExtension('x-reads-only', true)] : []),
  );
}
