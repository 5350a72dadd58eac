import express, { type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { AddressInfo } from 'node:net';
import { securityHeaders } from './security-headers';

/** The headers an app with only this middleware answers with, in order (the date and connection ones left out). */
async function headersOf(middleware: RequestHandler): Promise<[string, string][]> {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.setHeader('X-Powered-By', 'something'); // helmet removes it: so must the recording
    next();
  });
  app.use(middleware);
  app.get('/', (_req, res) => void res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('securityHeaders', () => {
  const options: HelmetOptions[] = [
    {},
    { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], frameAncestors: ["'none'"] } }, crossOriginEmbedderPolicy: false },
    { strictTransportSecurity: { maxAge: 10, preload: true }, referrerPolicy: { policy: ['origin', 'unsafe-url'] }, xFrameOptions: { action: 'deny' } },
  ];

  it.each(options)('answers with exactly the headers helmet sets for %j', async (option) => {
    const recorded = await headersOf(securityHeaders(option));
    expect(recorded).toEqual(await headersOf(helmet(option)));
    expect(recorded.map(([name]) => name)).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options']));
    expect(recorded.map(([name]) => name)).not.toContain('x-powered-by');
  });

  it('refuses a policy that depends on the request (a nonce)', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-abc'"] } } })).toThrow(/scriptSrc/);
  });
});
