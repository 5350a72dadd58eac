import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { MAX_INPUT_DEPTH } from '../src/core/http/raw-input.pipe';
import { startTestApp, useApiUnderTest } from './support/app';
import { TestBrowser } from './support/browser';
import { createTestDatabase, type TestDatabase } from './support/database';
import { linkIn, SmtpReceiver } from './support/smtp-receiver';

let ipCounter = 0;
/** Every request from its own address, so no rate limit answers in place of the rule under test. */
const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

describe('hostile input over HTTP', () => {
  const smtp = new SmtpReceiver();
  let smtpUrl: string;
  beforeAll(async () => {
    smtpUrl = await smtp.start();
  });
  afterAll(() => smtp.stop());
  const server = useApiUnderTest(() => ({ SMTP_URL: smtpUrl }));
  let doc: OpenApi;
  beforeAll(async () => {
    doc = (await (await fetch(`${origin()}/api/docs-json`)).json()) as OpenApi;
  });

  const api = (p: string) => `${server.base}${p}`;
  const origin = () => server.base.replace(/\/api\/v1$/, '');
  /** A request from a fresh address; `body` is JSON (a string is sent as it is), left out when undefined. */
  const send = (p: string, body: unknown, init: { method?: string; token?: string } = {}) =>
    fetch(api(p), {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });

  async function anonymous(): Promise<{ token: string; id: string }> {
    const res = await send('/auth/anonymous', {});
    expect(res.status).toBe(201);
    const body = (await res.json()) as { access_token: string; user: { id: string } };
    return { token: body.access_token, id: body.user.id };
  }

  /** A signed-in account with a confirmed email: every guard lets it through, so what answers is the input's check. */
  let members = 0;
  async function member(): Promise<{ token: string }> {
    const email = `hostile-member-${++members}@example.com`;
    expect((await send('/auth/signup', { email, password: 'secret-riff-12', data: { username: `hostile${members}` } })).status).toBe(201);
    await server.db.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
    const res = await send('/auth/token?grant_type=password', { email, password: 'secret-riff-12' });
    return { token: ((await res.json()) as { access_token: string }).access_token };
  }

  /** Every operation of the published document, with its JSON body schema when it takes one. */
  function operations(): { method: string; path: string; op: Operation; body?: Schema }[] {
    return Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method, path: p, op, body: op.requestBody?.content['application/json']?.schema })),
    );
  }

  function resolve(schema: Schema): Schema {
    if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.split('/').pop() as string]);
    if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
    return schema;
  }

  /** A value of the schema's shape whose every piece of text is `text`. */
  function sample(schema: Schema, text: string): unknown {
    const s = resolve(schema);
    if (s.properties) return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, sample(v, text)]));
    if (s.type === 'array') return [sample(s.items ?? { type: 'string' }, text)];
    if (s.type === 'integer' || s.type === 'number') return 1;
    if (s.type === 'boolean') return true;
    if (s.type === 'object') return { note: text };
    return text;
  }

  /** A request for `op` with `text` in every path parameter, query parameter and body field. */
  function hostileRequest(method: string, p: string, op: Operation, text: string): { url: string; body?: string } {
    const encoded = encodeURIComponent(text);
    const url = p.replace(/\{[^}]+\}/g, encoded).replace(/^\/api\/v1/, '');
    const query = (op.parameters ?? []).filter((q) => q.in === 'query').map((q) => `${q.name}=${encoded}`);
    const schema = op.requestBody?.content['application/json']?.schema;
    return { url: query.length ? `${url}?${query.join('&')}` : url, body: schema && method !== 'get' ? JSON.stringify(sample(schema, text)) : undefined };
  }

  /**
   * Sends `text` everywhere every operation takes text (signed in, so guards let it through) and lists the
   * answers that are not a 4xx JSON error, or are a 400 whose message does not match `says`.
   */
  async function sweep(text: string, says: RegExp): Promise<{ tried: number; wrong: string[] }> {
    const { token } = await member();
    const wrong: string[] = [];
    let tried = 0;
    for (const { method, path: p, op } of operations()) {
      const { url, body } = hostileRequest(method, p, op, text);
      // Nothing of the client's carries the text (no parameter, and a body without text such as { listening: true }).
      if (url === p.replace(/^\/api\/v1/, '') && !body?.includes(JSON.stringify(text).slice(1, -1))) continue;
      tried += 1;
      const res = await send(url, body, { method: method.toUpperCase(), token });
      const json = (await res.json().catch(() => undefined)) as { statusCode?: number; message?: unknown } | undefined;
      const clientError = res.status >= 400 && res.status < 500 && json?.statusCode === res.status;
      // A 400 must be the one for the text; a route that refuses earlier (an unknown provider's 404) may say its own.
      if (!clientError || (res.status === 400 && !says.test(String(json.message)))) {
        wrong.push(`${method.toUpperCase()} ${url} → ${res.status} ${JSON.stringify(json?.message)}`);
      }
    }
    return { tried, wrong };
  }

  describe('an address that is only pending', () => {
    it('never blocks its owner, is never mailed on their behalf and is never confirmed into the other account', async () => {
      const squatter = await anonymous();
      const claim = await send('/auth/user', { email: 'owner@example.com', password: 'squatter-riff-1' }, { method: 'PUT', token: squatter.token });
      expect(claim.status).toBe(200);
      const squattersLink = linkIn(await smtp.next('owner@example.com'), '/auth/verify');

      // The owner signs up as if nothing had happened.
      const signUp = await send('/auth/signup', { email: 'owner@example.com', password: 'owner-riff-77' });
      expect(signUp.status).toBe(201);
      const owner = ((await signUp.json()) as { user: { id: string } }).user;
      expect(owner.id).not.toBe(squatter.id);
      await smtp.next('owner@example.com');

      // "Send the link again" mails the owner's own account, which signs the owner into it.
      expect((await send('/auth/resend', { email: 'owner@example.com' })).status).toBe(200);
      const browser = new TestBrowser(freshIp());
      const { visited } = await browser.navigate(linkIn(await smtp.next('owner@example.com'), '/auth/verify'));
      expect(visited[1]).toBe(`${origin()}/`);
      const session = await browser.request(api('/auth/token?grant_type=refresh_token'), { method: 'POST' });
      expect(((await session.json()) as { user: unknown }).user).toMatchObject({ id: owner.id, email: 'owner@example.com', is_anonymous: false });

      // The squatter's own link confirms nothing now, and their password opens nothing.
      expect((await new TestBrowser(freshIp()).navigate(squattersLink)).visited[1]).toBe(`${origin()}/auth?error=link_invalid`);
      const squattersView = await fetch(api('/auth/user'), { headers: { authorization: `Bearer ${squatter.token}` } });
      expect(await squattersView.json()).toMatchObject({ id: squatter.id, email: null, is_anonymous: true });
      expect((await send('/auth/token?grant_type=password', { email: 'owner@example.com', password: 'squatter-riff-1' })).status).toBe(400);
      expect((await send('/auth/token?grant_type=password', { email: 'owner@example.com', password: 'owner-riff-77' })).status).toBe(200);
    });

    it('"send the link again" for an address that is only pending mails nothing', async () => {
      const squatter = await anonymous();
      await send('/auth/user', { email: 'quiet@example.com', password: 'squatter-riff-1' }, { method: 'PUT', token: squatter.token });
      await smtp.next('quiet@example.com');
      const res = await send('/auth/resend', { email: 'quiet@example.com' });
      expect(res.status).toBe(200);
      await expect(smtp.next('quiet@example.com', 1500)).rejects.toThrow('No mail');
    });
  });

  describe('text PostgreSQL or the validators cannot take', () => {
    it('a NUL character in any text field, query or path parameter of any endpoint is a 400 that says so', async () => {
      const { tried, wrong } = await sweep('a\u0000b', /NUL character/);
      expect(wrong).toEqual([]);
      expect(tried).toBeGreaterThan(20);
    });

    it.each([
      ['a display name at sign-up', 'POST', '/auth/signup', { email: 'nul@example.com', password: 'secret-riff-12', data: { display_name: 'Dee\u0000Dee' } }, 'data.display_name'],
      ['a station search', 'GET', '/radio/stations?q=punk%00rock', undefined, 'q'],
      ['a client log message', 'POST', '/client-logs', { kind: 'error', path: '/radio', message: 'boom\u0000' }, 'message'],
    ])('a NUL character in %s, the request otherwise valid, is a 400 naming the field', async (_name, method, url, body, field) => {
      const res = await send(url, body, { method });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: 400, fields: [field] });
    });

    it('a lone UTF-16 surrogate in an email field is a 400 on every endpoint that takes one', async () => {
      const takesEmail = (op: Operation) => {
        const schema = op.requestBody?.content['application/json']?.schema;
        return Boolean(schema && resolve(schema).properties?.email);
      };
      const emailOperations = operations().filter(({ op }) => takesEmail(op));
      expect(emailOperations.map((o) => o.path).sort()).toEqual(
        expect.arrayContaining(['/api/v1/auth/signup', '/api/v1/auth/token', '/api/v1/auth/resend', '/api/v1/auth/recover', '/api/v1/auth/user']),
      );
      const { token } = await anonymous();
      for (const { method, path: p } of emailOperations) {
        const url = p.replace(/^\/api\/v1/, '') + (p.endsWith('/token') ? '?grant_type=password' : '');
        const res = await send(url, { email: '\uD800@example.com', password: 'secret-riff-12' }, { method: method.toUpperCase(), token });
        expect({ url, status: res.status }).toEqual({ url, status: 400 });
        expect(await res.json()).toMatchObject({ statusCode: 400, fields: ['email'] });
      }
    });

    it('a body nested deeper than any request of ours is a 400 on every endpoint that takes a body', async () => {
      const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
      const { token } = await member();
      const withBody = operations().filter((o) => o.body);
      expect(withBody.length).toBeGreaterThan(8);
      for (const { method, path: p, body } of withBody) {
        const first = Object.keys(resolve(body as Schema).properties ?? { data: {} })[0];
        const url = p.replace(/\{[^}]+\}/g, 'x').replace(/^\/api\/v1/, '');
        const res = await send(url, `{"${first}":${deep(15_000)}}`, { method: method.toUpperCase(), token });
        expect({ url, status: res.status }).toEqual({ url, status: 400 });
      }
      // Nesting a real request could use still passes.
      expect(MAX_INPUT_DEPTH).toBeGreaterThan(3);
      const fine = await send('/client-logs', { kind: 'error', path: '/radio' });
      expect(fine.status).toBe(201);
    });
  });

  describe('races on unique things', () => {
    it('concurrent sign-ups of one address: exactly one 201, the others 409, one account', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const res = await send('/auth/signup', { email: 'race@example.com', password: 'secret-riff-12' });
          return { status: res.status, body: (await res.json()) as { code?: string } };
        }),
      );
      expect(statuses.filter((s) => s.status === 201)).toHaveLength(1);
      const refused = statuses.filter((s) => s.status !== 201);
      expect(refused.map((s) => [s.status, s.body.code])).toEqual(Array.from({ length: 7 }, () => [409, 'user_already_exists']));
      expect(await server.db.query("SELECT count(*)::int AS n FROM users WHERE email = 'race@example.com'")).toEqual([{ n: 1 }]);
      await smtp.next('race@example.com');
    });
  });
});

describe('what the server serves beside the API', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'grouarock-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>GrouaRock web app</title>');
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), 'console.log("app")');
    db = await createTestDatabase();
    app = await startTestApp(db.url, {}, webRoot);
  });

  afterAll(async () => {
    await app.close();
    await db.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const http = () => request(app.getHttpServer());

  it.each(['/api', '/api/', '/radio', '/nie-ma-takiej-strony'])('%s is the web app (its router decides what it shows)', async (p) => {
    const res = await http().get(p).expect(200).expect('Content-Type', /html/);
    expect(res.text).toContain('GrouaRock web app');
  });

  it('/api/v1/* and /api/docs* stay the API', async () => {
    expect((await http().get('/api/v1/no-such-thing').expect(404)).body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/v1/no-such-thing' });
    expect((await http().get('/api/docs-json').expect(200)).body.openapi).toMatch(/^3\./);
    await http().get('/api/docs/').expect(200).expect('Content-Type', /html/);
  });

  it('serves built assets, and a missing one is a 404 rather than the app under a script name', async () => {
    await http().get('/assets/app-abc123.js').expect(200).expect('Content-Type', /javascript/);
    const missing = await http().get('/assets/app-abc123.js.map').expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404 });
  });
});
