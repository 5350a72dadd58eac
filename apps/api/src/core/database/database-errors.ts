import { BadRequestException, ConflictException, type HttpException } from '@nestjs/common';
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
