import express from 'express';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EMPTY_STYLE_HASH } from './content-security-policy';
import { PAGES_DIR, PUBLIC_URL_TOKEN, PrerenderedPages, STATION_COUNT_TOKEN } from './prerendered-pages';

describe('PrerenderedPages', () => {
  let webRoot: string;
  let server: Server;
  let base: string;
  const radio = `<!doctype html><html><head><link rel="canonical" href="${PUBLIC_URL_TOKEN}/radio" /><style data-emotion="css 1">.css-1{color:red}</style></head><body><div id="root"><h1 style="margin:0">Radio Online</h1></div></body></html>`;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'prerendered-'));
    mkdirSync(path.join(webRoot, PAGES_DIR, 'tutorial'), { recursive: true });
    writeFileSync(path.join(webRoot, PAGES_DIR, 'index.html'), '<h1>GrouaRock</h1>');
    writeFileSync(path.join(webRoot, PAGES_DIR, 'about.html'), `<meta name="grouarock:station-count" content="${STATION_COUNT_TOKEN}" /><p>${STATION_COUNT_TOKEN} stacji</p>`);
    writeFileSync(path.join(webRoot, PAGES_DIR, 'radio.html'), radio);
    writeFileSync(path.join(webRoot, PAGES_DIR, 'tutorial', 'konto.html'), '<h1>Konto</h1>');
    writeFileSync(path.join(webRoot, PAGES_DIR, 'sitemap.xml'), `<loc>${PUBLIC_URL_TOKEN}/</loc>`);
    writeFileSync(path.join(webRoot, PAGES_DIR, 'robots.txt'), `Sitemap: ${PUBLIC_URL_TOKEN}/sitemap.xml`);
    const pages = new PrerenderedPages(webRoot, { publicUrl: 'https://grouarock.example', stationCount: 7 });
    const app = express();
    app.use((req, res, next) => {
      const page = pages.find(req.path);
      return page ? pages.send(req, res, page) : next();
    });
    app.use((_req, res) => void res.status(404).end());
    server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (address: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const outgoing = request(`${base}${address}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode as number, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });

  it('answers each page by its path, with the site address in place of the build token', async () => {
    const page = await get('/radio');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toBe(radio.replace(PUBLIC_URL_TOKEN, 'https://grouarock.example'));
    expect((await get('/')).body.toString()).toBe('<h1>GrouaRock</h1>');
    expect((await get('/tutorial/konto')).body.toString()).toBe('<h1>Konto</h1>');
    expect((await get('/radio/')).body.toString()).toBe(page.body.toString());
    expect((await get('/sitemap.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
    expect((await get('/robots.txt')).body.toString()).toBe('Sitemap: https://grouarock.example/sitemap.xml');
  });

  it("writes the catalogue's station count where the build left its token", async () => {
    expect((await get('/about')).body.toString()).toBe('<meta name="grouarock:station-count" content="7" /><p>7 stacji</p>');
  });

  it('finds nothing for other paths, nor for the files under their own names', async () => {
    expect((await get('/profile')).status).toBe(404);
    expect((await get('/radio.html')).status).toBe(404);
    expect((await get('/index')).status).toBe(404);
  });

  it('sends brotli or gzip as the client accepts, varying on it', async () => {
    const identity = (await get('/radio')).body;
    const br = await get('/radio', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body)).toEqual(identity);
    const gzip = await get('/radio', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(identity);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
  });

  it('answers 304 to a current copy, and HEAD without a body', async () => {
    const { headers } = await get('/radio');
    expect(headers.etag).toMatch(/^"[\w-]+"$/);
    expect((await get('/radio', { 'if-none-match': headers.etag as string })).status).toBe(304);
    expect((await get('/radio', { 'if-none-match': '"other"' })).status).toBe(200);
    const head = await get('/radio', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(radio.replace(PUBLIC_URL_TOKEN, 'https://grouarock.example').length);
  });

  it("answers a page with the policy for its own inline styles and a fresh nonce, given to the page in Server-Timing", async () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const [first, second] = [await get('/radio'), await get('/radio')];
    const nonces = [first, second].map((res) => {
      const policy = String(res.headers['content-security-policy']);
      const styleSrc = policy.split(';').find((directive) => directive.startsWith('style-src '));
      const nonce = /'nonce-([\w-]{22})'/.exec(styleSrc ?? '')?.[1];
      expect(styleSrc).toBe(`style-src 'self' ${EMPTY_STYLE_HASH} 'unsafe-hashes' ${hash('.css-1{color:red}')} ${hash('margin:0')} 'nonce-${nonce}'`);
      expect(res.headers['server-timing']).toBe(`csp-nonce;desc="${nonce}"`);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    // A page without inline styles: the common policy and its nonce; what is not HTML: no policy of its own.
    expect(String((await get('/tutorial/konto')).headers['content-security-policy'])).toMatch(new RegExp(`style-src 'self' ${EMPTY_STYLE_HASH.replace(/[+/]/g, '\\$&')} 'nonce-[\\w-]{22}';`));
    expect((await get('/sitemap.xml')).headers['content-security-policy']).toBeUndefined();
  });

  it('holds nothing when the build made no pages', () => {
    expect(new PrerenderedPages(path.join(tmpdir(), 'no-such-web-root'), { publicUrl: 'https://grouarock.example', stationCount: 7 }).size).toBe(0);
  });
});
