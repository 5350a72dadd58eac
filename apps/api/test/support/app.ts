import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '../../src/core/config/config';
import { createApp } from '../../src/create-app';
import { createTestDatabase, type TestDatabase } from './database';
import { freePort } from './free-port';

/** The real application stack (same setup as the server) on the given database, not listening; `webRoot` is a built web app to serve. */
export async function startTestApp(databaseUrl: string, env: Record<string, string> = {}, webRoot?: string): Promise<NestFastifyApplication> {
  // ADS_STREAM_TICKETS 0: the specs stream as plain clients; the ads spec turns stream tickets on (its own env).
  const config = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', SECRETS_KEY: 'test-secrets-key-that-is-long-enough-0123456789', RTMP_PORT: '0', LIVE_WEBRTC_PORT: '0', ADS_STREAM_TICKETS: '0', ...env });
  const app = await createApp({ config, databaseUrl, webRoot });
  await app.init();
  // Fastify's plugins and routes are in once it is ready (supertest's requests go to its server directly).
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** The app listening on a free loopback port, with PUBLIC_URL pointing at it (for redirect flows). */
export async function startListeningApp(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ app: NestFastifyApplication; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startTestApp(databaseUrl, { PUBLIC_URL: base, ...env });
  await app.listen(port, '127.0.0.1');
  return { app, base };
}

/** A whole test file's API: a fresh database and the listening app on it. */
export interface ApiUnderTest {
  db: TestDatabase;
  app: NestFastifyApplication;
  /** The API's root, e.g. http://127.0.0.1:41234/api/v1. */
  base: string;
}

/** Starts a fresh database and the listening app (with `env`) before the file's tests and stops both after them. */
export function useApiUnderTest(env: () => Record<string, string> = () => ({})): ApiUnderTest {
  const api = {} as ApiUnderTest;
  beforeAll(async () => {
    api.db = await createTestDatabase();
    const started = await startListeningApp(api.db.url, env());
    api.app = started.app;
    api.base = `${started.base}/api/v1`;
  });
  afterAll(async () => {
    await api.app?.close();
    await api.db?.drop();
  });
  return api;
}

/** A new account with a confirmed email, signed in: its id, access token and address. */
export async function signedInMember(api: ApiUnderTest, ip: string): Promise<{ id: string; token: string; email: string }> {
  const email = `member-${ip.replace(/\./g, '-')}-${Date.now()}@example.com`;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const signUp = await fetch(`${api.base}/auth/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'riff-raff-123', data: { username: `m${ip.replace(/\./g, '')}` } }) });
  expect(signUp.status).toBe(201);
  await api.db.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
  const res = await fetch(`${api.base}/auth/token?grant_type=password`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'riff-raff-123' }) });
  const session = (await res.json()) as { user: { id: string }; access_token: string };
  return { id: session.user.id, token: session.access_token, email };
}
