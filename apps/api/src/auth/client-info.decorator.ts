import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { ClientInfo } from './auth.service';

/** The caller's address (behind our own proxy, as Express's trust proxy setting resolves it) and User-Agent. */
export const Client = createParamDecorator((_: unknown, ctx: ExecutionContext): ClientInfo => {
  const request = ctx.switchToHttp().getRequest<Request>();
  return { ip: request.ip ?? 'unknown', userAgent: request.get('user-agent') };
});
