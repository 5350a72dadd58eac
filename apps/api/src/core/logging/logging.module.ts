import { type DynamicModule, Module, type OnModuleInit, RequestMethod } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import type { LogLevel } from '../config/environment.dto';
import { API_PREFIX } from '../http/openapi';

/** Every API request. */
const API_ROUTES = [{ path: '{*path}', method: RequestMethod.ALL }];
/** An audio stream lasts for hours: a per-request logger would live (and weigh) as long. */
const STREAMS = [{ path: `${API_PREFIX}/radio/:id/stream`, method: RequestMethod.ALL }];
/** The API's requests (in any case, as they are routed) answer with their id; the stream's, whose socket is handed over, not. */
const API_PATH = new RegExp(`^/${API_PREFIX}/`, 'i');
const STREAM_ROUTE = `/${API_PREFIX}/radio/:id/stream`;

/** The levels that print pino-http's line a request (it logs at info). */
const REQUEST_LINE_LEVELS: ReadonlySet<LogLevel> = new Set(['trace', 'debug', 'info']);

/** The request's id: the caller's X-Request-Id when it is a sane one, else a new one (Fastify's genReqId: createApp). */
export function requestIdFor(req: Pick<IncomingMessage, 'headers'>): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * Structured JSON logs, secrets redacted. At `info` and below: one line a request (method, path, status, time, request
 * id), and every line logged while a request is served carries its id, method and path. Both cost each request more
 * than the rest of Nest does (a child logger, and an AsyncLocalStorage that makes every promise in the process pay a
 * hook; docs/request-path.md), so at a level that would not print the request line (`warn` and above) neither is made:
 * requests get their X-Request-Id alone, and an error answered with a 500 names its request in its log line
 * (AllExceptionsFilter). The id is Fastify's request id (requestIdFor), which pino-http takes too.
 */
@Module({})
export class LoggingModule implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

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

  /** X-Request-Id on every API answer: a Fastify hook, after configureApp's (the security headers go out first). */
  onModuleInit(): void {
    this.adapter.httpAdapter.getInstance<FastifyInstance>().addHook('onRequest', (request, reply, done) => {
      if (API_PATH.test(request.url) && request.routeOptions.url !== STREAM_ROUTE) reply.raw.setHeader('x-request-id', request.id);
      done();
    });
  }
}
