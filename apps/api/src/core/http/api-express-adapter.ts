import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { PreparedJson } from './prepared-json';

/** Nest's Express adapter, which also sends a handler's PreparedJson as it is (its bytes made once, not per request). */
export class ApiExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!(body instanceof PreparedJson)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    return body.send(response);
  }
}
