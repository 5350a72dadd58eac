import { applyDecorators, HttpStatus, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from '../core/http/error.dto';

export interface AuthenticatedOptions {
  /** A request without any Authorization header passes as nobody; a bad token is still a 401. */
  optional?: boolean;
  /** Only a full account: an anonymous session is refused with 403. */
  confirmed?: boolean;
}

export const AUTHENTICATED = Symbol('authenticated');

/**
 * Who may call the route: the bearer of a valid access token of a live session (AuthGuard checks it for every route
 * that carries this decorator; routes without it are public). Documents the bearer scheme and the 401/403 answers (an
 * optional route answers 401 too, to a token that is not valid).
 */
export function Authenticated(options: AuthenticatedOptions = {}): MethodDecorator {
  return applyDecorators(
    SetMetadata(AUTHENTICATED, options),
    ApiBearerAuth(),
    ApiResponse({ status: HttpStatus.UNAUTHORIZED, type: ErrorDto, ...(options.optional ? { description: 'An access token was sent but is not valid' } : {}) }),
    ...(options.confirmed ? [ApiResponse({ status: HttpStatus.FORBIDDEN, type: ErrorDto, description: 'code account_required' })] : []),
  );
}
