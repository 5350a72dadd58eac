import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The caller's User-Agent (not part of the documented API, so clients are never asked for it). */
export const UserAgent = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined =>
  ctx.switchToHttp().getRequest<FastifyRequest>().headers['user-agent'],
);
