import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The caller's User-Agent (not part of the documented API, so clients are never asked for it). */
export const UserAgent = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined =>
  ctx.switchToHttp().getRequest<Request>().get('user-agent'),
);
