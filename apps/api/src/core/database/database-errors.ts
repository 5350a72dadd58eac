import { BadRequestException, ConflictException, type HttpException, ServiceUnavailableException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';

/**
 * The answers to unique indexes a client can run into, by index name; each domain registers its own
 * beside its errors. Checking first and inserting after leaves a window two requests can share: the index
 * decides, and the request that loses gets the same 409 it would have got a moment later.
 */
export const uniqueConflicts = new Map<string, () => HttpException>();

/** Data exceptions PostgreSQL raises for values a client sent (bad text, a malformed uuid, an overflow). */
const invalidValueCodes = new Set(['22P02', '22001', '22003', '22007', '22008', '22021', '22P05']);

/**
 * The client error a failed query stands for, when the client caused it: a unique index it collided
 * with (409) or a value PostgreSQL refused (400). Undefined for everything else, which stays a 500.
 */
export function clientErrorForQuery(error: unknown): HttpException | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const { code, constraint } = error.driverError as { code?: string; constraint?: string };
  if (code === '23505') {
    return uniqueConflicts.get(constraint ?? '')?.() ?? new ConflictException({ message: 'This already exists', code: 'conflict' });
  }
  if (code && invalidValueCodes.has(code)) return new BadRequestException({ message: 'A value in the request is not valid', code: 'invalid_value' });
  return undefined;
}

/**
 * SQLSTATEs of a server that is going or gone: a connection exception (class 08), a shutdown under way or a server
 * not ready yet (57P01-57P03), no connection slot left (53300).
 */
const unavailableStates = /^(?:08...|57P0[123]|53300)$/;

/** What node reports for a server it cannot reach, or a connection it lost. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/** pg's and pg-pool's own words for a connection lost, never made, or waited for too long (they carry no code). */
const lostConnection = /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** A connection node could not make: its error for the one address, or its AggregateError for each address it tried. */
function failedToConnect(error: Error): boolean {
  if (error instanceof AggregateError) return error.errors.length > 0 && error.errors.every((each) => each instanceof Error && failedToConnect(each));
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  return typeof code === 'string' && unreachableCodes.has(code) && (syscall === 'connect' || syscall === 'getaddrinfo');
}

/**
 * The database's server does not answer: stopped or restarting, unreachable, or every connection busy past the pool's
 * connection timeout (database.module.ts). A query that struck it comes wrapped by TypeORM (QueryFailedError); a
 * connection that could not be made comes from pg's pool as node raised it, and then only a failure to connect counts:
 * a socket error of another kind, unwrapped, may be anyone's.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  const failedQuery = error instanceof QueryFailedError;
  const cause: unknown = failedQuery ? error.driverError : error;
  if (!(cause instanceof Error)) return false;
  const { code } = cause as { code?: unknown };
  if (typeof code === 'string' && unavailableStates.test(code)) return true;
  if (failedQuery && typeof code === 'string' && unreachableCodes.has(code)) return true;
  return failedToConnect(cause) || lostConnection.test(cause.message);
}

/** The 503 a request gets when the database does not answer (a person may try again; the operator sees it in the log). */
export function unavailableForDatabase(error: unknown): HttpException | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  return new ServiceUnavailableException({ message: 'The database does not answer right now; try again in a moment', code: 'database_unavailable' });
}
