import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './auth.service';

/** The caller's address (behind our own proxy, as Fastify's trustProxy (client-address.ts) resolves it) and User-Agent. */
export const Client = createParamDecorator((_: unknown, ctx: ExecutionContext): ClientInfo => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  return { ip: request.ip ?? 'unknown', userAgent: request.headers['user-agent'] };
});
