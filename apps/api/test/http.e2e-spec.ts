import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { ClientLogsController } from '../src/site/client-logs.controller';
import { startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';

describe('HTTP conventions and client logs', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await startTestApp(db.url);
  });

  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const http = () => request(app.getHttpServer());

  it('reports health with the database status', async () => {
    const res = await http().get('/api/v1/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { status: 'up' } });
    expect(typeof res.body.database.latencyMs).toBe('number');
  });

  it('stores a 404 report from the web app', async () => {
    const res = await http()
      .post('/api/v1/client-logs')
      .set('User-Agent', 'jest-browser/1.0')
      .send({ kind: 'not_found', path: '/nie-ma-takiej-strony?x=1' })
      .expect(201);
    const rows = await db.query('SELECT kind, path, user_agent FROM client_logs WHERE id = $1', [res.body.id]);
    expect(rows).toEqual([{ kind: 'not_found', path: '/nie-ma-takiej-strony?x=1', user_agent: 'jest-browser/1.0' }]);
  });

  it('names every offending field of a malformed report', async () => {
    const res = await http()
      .post('/api/v1/client-logs')
      .send({ kind: 'boom', path: 'relative', message: 42, admin: true })
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.fields.sort()).toEqual(['admin', 'kind', 'message', 'path']);
    expect(res.body.message).toEqual(expect.arrayContaining([expect.stringContaining('path must start with /')]));
  });

  it('refuses oversized fields', async () => {
    const res = await http()
      .post('/api/v1/client-logs')
      .send({ kind: 'error', path: `/${'a'.repeat(3000)}` })
      .expect(400);
    expect(res.body.fields).toEqual(['path']);
  });

  it.each([
    ['broken JSON', '{"kind":', 400],
    ['a JSON array', '[1,2,3]', 400],
    ['a JSON string', '"text"', 400],
    ['null', 'null', 400],
    ['a huge body', JSON.stringify({ kind: 'error', path: '/', stack: 'x'.repeat(200_000) }), 413],
  ])('answers %s with a JSON client error, never a 500', async (_name, body, status) => {
    const res = await http().post('/api/v1/client-logs').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.anything() });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await http().get('/api/v1/no-such-thing').expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/v1/no-such-thing' });
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await http().get('/api/v1/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('serves Swagger UI and the OpenAPI document', async () => {
    await http().get('/api/docs/').expect(200).expect('Content-Type', /html/);
    const doc = await http().get('/api/docs-json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/v1/health', '/api/v1/client-logs']));
    // The web app's client is generated from exactly this document.
    const committed = JSON.parse(readFileSync(path.resolve(__dirname, '../../../libs/api-client/openapi.json'), 'utf8'));
    expect(doc.body).toEqual(committed);
  });

  it('documents every error answer as our JSON error, even where the success answer is audio', async () => {
    const doc = await http().get('/api/docs-json').expect(200);
    const errors = Object.values(doc.body.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>)
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => Object.entries(operation.responses).filter(([status]) => Number(status) >= 400))
      .map(([, response]) => Object.keys(response.content ?? {}));
    expect(errors.length).toBeGreaterThan(30);
    expect(new Set(errors.map((types) => types.join()))).toEqual(new Set(['application/json']));
    const stream = doc.body.paths['/api/v1/radio/{id}/stream'].get.responses;
    expect(Object.keys(stream['200'].content)).toEqual(['audio/mpeg', 'audio/aac', 'application/ogg', 'audio/ogg', 'audio/flac']);
    // Routes open to anonymous callers still refuse a token that is not valid, and say so.
    expect(doc.body.paths['/api/v1/radio/{id}/likes'].get.responses['401'].description).toBe('An access token or API key was sent but is not valid');
  });

  it('rate-limits client logs per IP with 429 and Retry-After', async () => {
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < ClientLogsController.perMinute + 1; i++) {
      const res = await http()
        .post('/api/v1/client-logs')
        .set('X-Forwarded-For', ip)
        .send({ kind: 'error', path: '/radio', message: `report ${i}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    const last = await http().post('/api/v1/client-logs').set('X-Forwarded-For', ip).send({ kind: 'error', path: '/' });
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    // Another client is not affected.
    await http().post('/api/v1/client-logs').set('X-Forwarded-For', '203.0.113.10').send({ kind: 'error', path: '/' }).expect(201);
  });
});
