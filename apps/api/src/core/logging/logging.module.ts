import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import type { LogLevel } from '../config/environment.dto';
import { API_PREFIX } from '../http/openapi';

/** Every API request. */
const API_ROUTES = [{ path: '{*path}', method: RequestMethod.ALL }];
/** An audio stream lasts for hours: a per-request logger would live (and weigh) as long. */
const STREAMS = [{ path: `${API_PREFIX}/radio/:id/stream`, method: RequestMethod.ALL }];

/** The levels that print pino-http's line a request (it logs at info). */
const REQUEST_LINE_LEVELS: ReadonlySet<LogLevel> = new Set(['trace', 'debug', 'info']);

/** The request's id: the caller's X-Request-Id when it is a sane one, else a new one (Fastify's genReqId: createApp). */
export function requestIdFor(req: Pick<IncomingMessage, 'headers'>): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** The request's id for pino-http where the server gave it none, answered in X-Request-Id. */
export function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdFor(req);
  res.setHeader('x-request-id', id);
  return id;
}

/** Answers with the request's id (Fastify's, made by requestIdFor; pino-http takes the same one). */
function requestId(req: IncomingMessage & { id?: string }, res: ServerResponse, next: () => void): void {
  res.setHeader('x-request-id', (req.id ??= requestIdFor(req)));
  next();
}

/**
 * Structured JSON logs, secrets redacted. At `info` and below: one line a request (method, path, status, time, request
 * id), and every line logged while a request is served carries its id, method and path. Both cost each request more
 * than the rest of Nest does (a child logger, and an AsyncLocalStorage that makes every promise in the process pay a
 * hook; docs/request-path.md), so at a level that would not print the request line (`warn` and above) neither is made:
 * requests get their X-Request-Id alone, and an error answered with a 500 names its request in its log line
 * (AllExceptionsFilter).
 */
@Module({})
export class LoggingModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    const requestLines = REQUEST_LINE_LEVELS.has(config.logLevel);
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          forRoutes: requestLines ? API_ROUTES : [],
          exclude: STREAMS,
          pinoHttp: {
            level: config.logLevel,
            genReqId: requestIdOf,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            // Static files of the web app would drown the API's lines.
            autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') },
          },
        }),
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(requestId).exclude(...STREAMS).forRoutes(...API_ROUTES);
  }
}
