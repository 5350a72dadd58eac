import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { repoRoot } from './support/repo-root';

const webRoot = path.join(repoRoot(), 'dist/apps/web');

/**
 * helmet's headers with our Content-Security-Policy, exactly as every answer had them while helmet ran per request
 * (now set from one recording of it, core/http/security-headers.ts): the same names, values and order, first of all,
 * then Reporting-Endpoints. An HTML answer has its own policy in the same place (HTML_POLICY).
 */
const POLICY =
  "default-src 'none';script-src 'self';style-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';img-src 'self' data: blob: https:;font-src 'self' data:;media-src 'self' blob:;connect-src 'self';manifest-src 'self';worker-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none';require-trusted-types-for 'script';trusted-types grouarock;report-uri /api/v1/csp-reports;report-to csp";
const EMPTY_STYLE = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * An HTML answer's policy: the common one with, after style-src's own sources, its inline styles' hashes (and
 * 'unsafe-hashes' for its style attributes) and a nonce of its own (the first group).
 */
const HTML_POLICY = new RegExp(
  `^${POLICY.split(`${EMPTY_STYLE};`).map(escaped).join(`${escaped(EMPTY_STYLE)}(?: '(?:unsafe-hashes|sha256-[A-Za-z0-9+/]{43}=)')* 'nonce-([A-Za-z0-9_-]{22})';`)}$`,
);
const SECURITY_HEADERS = [
  ['Content-Security-Policy', POLICY],
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
  ['Reporting-Endpoints', 'csp="/api/v1/csp-reports"'],
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
  ])('sends them first on %s, and no X-Powered-By', async (_name, url, status, method = 'GET') => {
    const res = await rawHeaders(url, method);
    expect(res.status).toBe(status);
    expect(res.headers.slice(0, SECURITY_HEADERS.length)).toEqual(SECURITY_HEADERS);
    expect(res.headers.map(([name]) => name.toLowerCase())).not.toContain('x-powered-by');
  });

  const HTML_ANSWERS = [
    ["the web app's index", '/'],
    ["the web app's index.html", '/index.html'],
    ['a prerendered client route of the web app', '/radio'],
    ['a client route the build did not prerender', '/profile'],
  ];

  it.each(HTML_ANSWERS)('sends them first on %s, its own policy in place of the common one, with a fresh nonce given in Server-Timing', async (_name, url) => {
    const [first, second] = [await rawHeaders(url), await rawHeaders(url)];
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers[0][0]).toBe('Content-Security-Policy');
      expect(res.headers[0][1]).toMatch(HTML_POLICY);
      expect(res.headers.slice(1, SECURITY_HEADERS.length)).toEqual(SECURITY_HEADERS.slice(1));
      const nonce = HTML_POLICY.exec(res.headers[0][1])?.[1];
      expect(res.headers).toContainEqual(['Server-Timing', `csp-nonce;desc="${nonce}"`]);
      expect(res.headers.map(([name]) => name.toLowerCase())).not.toContain('x-powered-by');
    }
    expect(HTML_POLICY.exec(first.headers[0][1])?.[1]).not.toBe(HTML_POLICY.exec(second.headers[0][1])?.[1]);
  });

  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it("lets a prerendered page's inline styles in by their hashes, and nothing else inline", async () => {
    const res = await fetch(`${base}/radio`);
    const html = await res.text();
    const styleSrc = (res.headers.get('content-security-policy') ?? '').split(';').find((directive) => directive.startsWith('style-src '))?.split(' ') ?? [];
    const elements = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, text]) => hash(text));
    const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, value]) => hash(value.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')));
    expect(elements.length).toBeGreaterThan(0);
    expect(styleSrc).toEqual(expect.arrayContaining([...elements, ...attributes, "'unsafe-hashes'"]));
    expect(styleSrc).not.toContain("'unsafe-inline'");
  });

  it("gives Swagger UI the common policy with its page's inline styles by their hashes (nothing inline else) and without Trusted Types (its code uses none)", async () => {
    const html = await (await fetch(`${base}/api/docs/`)).text();
    const elements = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, text]) => hash(text));
    const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, value]) => hash(value));
    expect([elements.length, attributes.length]).toEqual([2, 1]);
    const res = await rawHeaders('/api/docs/');
    expect(res.status).toBe(200);
    expect(res.headers[0]).toEqual([
      'Content-Security-Policy',
      POLICY.replace(`style-src 'self' ${EMPTY_STYLE}`, `style-src 'self' ${EMPTY_STYLE} 'unsafe-hashes' ${[...elements, ...attributes].join(' ')}`).replace(
        ";require-trusted-types-for 'script';trusted-types grouarock",
        '',
      ),
    ]);
    expect(res.headers.slice(1, SECURITY_HEADERS.length)).toEqual(SECURITY_HEADERS.slice(1));
    // Its scripts and styles, files of our origin, carry the same policy without the page's hashes.
    const script = await rawHeaders('/api/docs/swagger-ui-bundle.js');
    expect(script.headers.find(([name]) => name === 'Content-Security-Policy')?.[1]).toBe(
      POLICY.replace(";require-trusted-types-for 'script';trusted-types grouarock", ''),
    );
  });

  /**
   * Mozilla's HTTP Observatory (mdn/mdn-http-observatory, its 12 tests: /work/shared/notes/account-security.md, section
   * 5) scans a site's HTML answer: each test's passing condition, read from the answers of these addresses.
   */
  describe("Mozilla HTTP Observatory's tests, on every HTML answer", () => {
    /** A policy's directives by name. */
    const directivesOf = (policy: string) => new Map(policy.split(';').map((directive) => { const [name, ...values] = directive.trim().split(/\s+/); return [name.toLowerCase(), values] as const; }));

    it.each([...HTML_ANSWERS, ['Swagger UI (the API docs)', '/api/docs/']])('%s passes each of them', async (_name, url) => {
      const res = await fetch(`${base}${url}`, { redirect: 'manual', headers: { Origin: 'https://elsewhere.example' } });
      const html = await res.text();
      const header = (name: string) => res.headers.get(name);

      // Redirection: the page answers itself (the redirect from http:// to https:// is the proxy's, docs/operations.md).
      expect(res.status).toBe(200);

      // Content Security Policy: enforced (not only Report-Only), default-src 'none', nothing unsafe, object-src and
      // base-uri 'none', form-action 'self': the analyser's best case ("default-src 'none' and no unsafe").
      expect(header('content-security-policy-report-only')).toBeNull();
      const csp = directivesOf(header('content-security-policy') ?? '');
      expect(csp.get('default-src')).toEqual(["'none'"]);
      for (const [name, values] of csp) {
        expect([name, values.filter((value) => ["'unsafe-inline'", "'unsafe-eval'", "'strict-dynamic'"].includes(value))]).toEqual([name, []]);
      }
      for (const name of ['script-src', 'style-src']) expect([name, csp.get(name)?.filter((value) => ['*', 'http:', 'https:', 'data:', 'blob:', 'ftp:'].includes(value))]).toEqual([name, []]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);

      // Cookies: an HTML answer sets none (the refresh cookie is the auth API's, HttpOnly and SameSite).
      expect(header('set-cookie')).toBeNull();

      // Cross-Origin-Embedder-Policy: not sent (covers and logos come from other origins without CORP); the test
      // passes without it (no bonus), and fails only on an invalid value.
      expect(header('cross-origin-embedder-policy')).toBeNull();
      // Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy: same-origin (their bonuses).
      expect(header('cross-origin-opener-policy')).toBe('same-origin');
      expect(header('cross-origin-resource-policy')).toBe('same-origin');

      // CORS: no access from any other origin, let alone with credentials.
      expect(header('access-control-allow-origin')).toBeNull();
      expect(header('access-control-allow-credentials')).toBeNull();

      // Referrer Policy: private (no-referrer, its bonus).
      expect(header('referrer-policy')).toBe('no-referrer');

      // HSTS: at least six months (a year, with subdomains).
      const maxAge = Number(/max-age=(\d+)/.exec(header('strict-transport-security') ?? '')?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(15_768_000);

      // Subresource Integrity: every script the page loads is our own origin's, so none needs integrity.
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => /\ssrc="([^"]*)"/.exec(attributes)?.[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) {
        expect(src).toBeDefined();
        expect(new URL(src as string, `${base}${url}`).origin).toBe(new URL(base).origin);
      }

      // X-Content-Type-Options: nosniff.
      expect(header('x-content-type-options')).toBe('nosniff');

      // X-Frame-Options: framing refused (CSP frame-ancestors, the header besides for old browsers).
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(header('x-frame-options')).toMatch(/^(DENY|SAMEORIGIN)$/);
    });
  });
});
