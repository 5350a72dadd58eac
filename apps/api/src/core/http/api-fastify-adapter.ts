import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { PreparedJson } from './prepared-json';

/** Nest's Fastify adapter, which also sends a handler's PreparedJson as it is (its bytes made once, not per request). */
export class ApiFastifyAdapter extends FastifyAdapter {
  override reply(response: FastifyReply | ServerResponse, body: unknown, statusCode?: number): FastifyReply {
    if (!(body instanceof PreparedJson) || !('raw' in response)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    return body.send(response);
  }
}
