import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { repoRoot } from './support/repo-root';

const webRoot = path.join(repoRoot(), 'dist/apps/web');

/**
 * helmet's headers with our Content-Security-Policy, exactly as every answer had them while helmet ran per request
 * (now set from one recording of it, core/http/security-headers.ts): the same names, values and order, first of all.
 */
const SECURITY_HEADERS = [
  ['Content-Security-Policy', "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;media-src 'self' blob:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'"],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

describe('security headers', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error(`${webRoot} has no index.html: build the web app first (npx nx run web:build)`);
    db = await createTestDatabase();
    app = await startTestApp(db.url, {}, webRoot);
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** The answer's headers as sent: names as written, in order. */
  const rawHeaders = (url: string, method = 'GET') =>
    new Promise<{ status: number; headers: [string, string][] }>((resolve, reject) => {
      request(`${base}${url}`, { method, agent: false }, (res) => {
        res.resume();
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: pairs }));
      })
        .on('error', reject)
        .end();
    });

  it.each([
    ['an API answer', '/api/v1/radio/stations', 200],
    ['an API answer to HEAD', '/api/v1/radio/stations', 200, 'HEAD'],
    ['an API error', '/api/v1/no-such-thing', 404],
    ['Swagger UI', '/api/docs/', 200],
    ["the web app's index", '/', 200],
    ["the web app's index.html", '/index.html', 200],
    ['a client route of the web app', '/radio', 200],
  ])('sends them first on %s, and no X-Powered-By', async (_name, url, status, method = 'GET') => {
    const res = await rawHeaders(url, method);
    expect(res.status).toBe(status);
    expect(res.headers.slice(0, SECURITY_HEADERS.length)).toEqual(SECURITY_HEADERS);
    expect(res.headers.map(([name]) => name.toLowerCase())).not.toContain('x-powered-by');
  });
});
