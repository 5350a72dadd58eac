import { Controller, Get, Req } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config/config';
import type { LogLevel } from '../config/environment.dto';
import { LoggingModule, requestIdFor } from './logging.module';

@Controller()
class ProbeController {
  /** Whether pino-http gave the request a logger of its own (its list of them, on node's request), and the request's id. */
  @Get('api/v1/probe')
  probe(@Req() req: FastifyRequest) {
    return { logger: (req.raw as { allLogs?: unknown }).allLogs !== undefined, id: req.id };
  }
}

async function appAt(logLevel: LogLevel) {
  const moduleRef = await Test.createTestingModule({ imports: [LoggingModule.forRoot({ logLevel } as AppConfig)], controllers: [ProbeController] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter({ genReqId: requestIdFor, requestIdHeader: false }), { logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api/v1` };
}

describe('LoggingModule', () => {
  it.each([
    ['info', true],
    ['warn', false],
    ['silent', false],
  ] as const)('at %s makes a request logger: %s, and answers every API request with its X-Request-Id', async (level, logger) => {
    const { app, base } = await appAt(level);
    try {
      const fresh = await fetch(`${base}/probe`);
      const { id } = (await fresh.json()) as { id: string };
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(fresh.headers.get('x-request-id')).toBe(id);
      const given = await fetch(`${base}/probe`, { headers: { 'x-request-id': 'client-id_1' } });
      expect([given.headers.get('x-request-id'), await given.json()]).toEqual(['client-id_1', { logger, id: 'client-id_1' }]);
      const odd = await fetch(`${base}/probe`, { headers: { 'x-request-id': 'not a sane id' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });
});
