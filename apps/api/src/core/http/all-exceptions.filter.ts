import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { clientErrorForQuery, unavailableForDatabase } from '../database/database-errors';
import type { ErrorDto } from './error.dto';
import type { Metrics } from '../metrics/metrics';

/** Errors raised before a handler (the body's parsers: request-bodies.ts) carry their HTTP status like this. */
interface MiddlewareError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

/**
 * Every error leaves the API as `{ statusCode, error, message }`. Client mistakes keep their 4xx
 * status and message, including those only the database noticed (a lost race for a unique value, a value
 * it refuses); a database that does not answer is a 503 on whichever route needed it, logged in a line;
 * anything unexpected is logged in full and answered with a bare 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  /** `metrics`: every refusal by a limit is counted here, by the limiter its exception names (docs/metrics.md). */
  constructor(private readonly metrics?: Metrics) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<FastifyReply>();
    const clientError = clientErrorForQuery(thrown);
    if (clientError) this.logger.warn(`A query failed on the client's input: ${(thrown as Error).message}`);
    const databaseDown = clientError ? undefined : unavailableForDatabase(thrown);
    if (databaseDown) this.logger.warn(`${this.requestOf(host)}the database does not answer: ${(thrown as Error).message}`);
    const exception = clientError ?? databaseDown ?? thrown;
    const body = this.toBody(exception);
    if (body.statusCode >= 500 && !(exception instanceof HttpException)) {
      this.logger.error(`${this.requestOf(host)}${exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)}`);
    }
    if (response.sent || response.raw.headersSent) return;
    const { retryAfterSeconds, headers, problem, limiter } = exception as { retryAfterSeconds?: unknown; headers?: Record<string, string>; problem?: object; limiter?: unknown };
    if (typeof limiter === 'string') this.metrics?.limitRefusals.inc({ limiter });
    if (typeof retryAfterSeconds === 'number') response.header('Retry-After', String(retryAfterSeconds));
    for (const [name, value] of Object.entries(headers ?? {})) response.header(name, value);
    // An RFC 9457 problem keeps our usual fields beside its own, so clients of either shape can read it.
    if (problem) void response.status(body.statusCode).type('application/problem+json').send(JSON.stringify({ ...problem, ...body }));
    else void response.status(body.statusCode).type('application/json; charset=utf-8').send(JSON.stringify(body));
  }

  /** Which request failed, by the id it was answered with (lines need not be logged within a request's context). */
  private requestOf(host: ArgumentsHost): string {
    if (host.getType() !== 'http') return '';
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    return `${request.method} ${request.originalUrl} (request ${request.id}): `;
  }

  private toBody(exception: unknown): ErrorDto {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const payload = exception.getResponse();
      const error = STATUS_CODES[statusCode] ?? 'Error';
      if (typeof payload === 'string') return { statusCode, error, message: payload };
      const { message, fields, code, requiredPlan, mfa_token, factors } = payload as Omit<ErrorDto, 'statusCode' | 'error' | 'message'> & { message?: string | string[] };
      return {
        statusCode,
        error,
        message: message ?? error,
        ...(fields ? { fields } : {}),
        ...(code ? { code } : {}),
        ...(requiredPlan ? { requiredPlan } : {}),
        ...(mfa_token ? { mfa_token } : {}),
        ...(factors ? { factors } : {}),
      };
    }
    const middleware = exception as MiddlewareError;
    const status = middleware?.statusCode ?? middleware?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message: middleware.message ?? 'Bad request' };
    }
    const statusCode = HttpStatus.INTERNAL_SERVER_ERROR;
    return { statusCode, error: STATUS_CODES[statusCode] as string, message: 'Internal server error' };
  }
}
