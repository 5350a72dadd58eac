import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { HlsFiles } from '../src/repositories/hls-files';
import { MediaStorage } from '../src/repositories/media-storage';
import { startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { FakeOpenAi } from './support/fake-openai';
import { repoRoot } from './support/repo-root';

// Compression done once (docs: README "Requests and errors"): the built web app's files go as the .br/.gz the build
// wrote, the API's larger JSON is compressed as it goes out, and nothing that streams is ever held back by a compressor.

const webRoot = path.join(repoRoot(), 'dist/apps/web');
const IMMUTABLE = 'public, max-age=31536000, immutable';
const builtInStations = (JSON.parse(readFileSync(path.join(repoRoot(), 'apps/api/src/radio/catalogue/stations.json'), 'utf8')) as unknown[]).length;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('compression', () => {
  const model = new FakeOpenAi();
  let radio: Server;
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let base: string;
  let dataDir: string;
  let entry: { url: string; bytes: Buffer };
  let indexHtml: Buffer;

  /** One request as a client sends it, and the bytes exactly as they came (nothing decoded on the way). */
  const ask = (url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${url}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    if (!existsSync(path.join(webRoot, 'index.html.br'))) throw new Error(`${webRoot} has no precompressed files: build the web app first (npx nx run web:build)`);
    // The app's entry script: the largest chunk index.html loads (the entry itself is a few lines importing it).
    const manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
    const html = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    const [file] = [html.file, ...(html.imports ?? []).map((key) => manifest[key].file)]
      .map((name) => ({ name, size: readFileSync(path.join(webRoot, name)).length }))
      .sort((a, b) => b.size - a.size)
      .map((chunk) => chunk.name);
    entry = { url: `/${file}`, bytes: readFileSync(path.join(webRoot, file)) };
    indexHtml = readFileSync(path.join(webRoot, 'index.html'));

    await model.start();
    // A station whose upstream sends very compressible "audio" in small pieces, as a station sends audio.
    radio = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      const timer = setInterval(() => res.write(Buffer.alloc(4096, 0x55)), 20);
      res.once('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => radio.listen(0, '127.0.0.1', resolve));
    dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-compression-'));
    // The built-in catalogue (its list is the size the web app asks for) and the station above.
    const catalogue = JSON.parse(readFileSync(path.join(repoRoot(), 'apps/api/src/radio/catalogue/stations.json'), 'utf8')) as unknown[];
    const stationsFile = path.join(dataDir, 'stations.json');
    writeFileSync(
      stationsFile,
      JSON.stringify([...catalogue, { id: 'test-squeeze', name: 'Test Squeeze', country: 'pl', genres: ['rock'], streamUrl: `http://127.0.0.1:${(radio.address() as AddressInfo).port}/live.mp3` }]),
    );

    db = await createTestDatabase();
    app = await startTestApp(
      db.url,
      { DATA_DIR: dataDir, STATIONS_FILE: stationsFile, ASSISTANT_URL: model.base, ASSISTANT_KEY: model.key, ASSISTANT_MODEL: 'fake-model', ASSISTANT_IDLE_SECONDS: '1' },
      webRoot,
    );
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    radio?.closeAllConnections();
    await new Promise((resolve) => radio?.close(resolve));
    await model.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('the web app, precompressed at build', () => {
    it('sends the entry script as br when accepted: the built file byte for byte, cached for good', async () => {
      const res = await ask(entry.url, { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(entry.bytes.length / 3);
      expect(brotliDecompressSync(res.body).equals(entry.bytes)).toBe(true);
    });

    it('sends gzip to a client that accepts only gzip, and the file as it is to one that names no encoding', async () => {
      const gzip = await ask(entry.url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(gzip.body).equals(entry.bytes)).toBe(true);
      // No Accept-Encoding, or one the build wrote no file for (deflate): the plain file, never compressed on the fly.
      for (const headers of [{}, { 'accept-encoding': 'deflate' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }] as Record<string, string>[]) {
        const plain = await ask(entry.url, headers);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers['cache-control']).toBe(IMMUTABLE);
        expect(Number(plain.headers['content-length'])).toBe(entry.bytes.length);
        expect(plain.body.equals(entry.bytes)).toBe(true);
      }
    });

    it('answers HEAD and byte ranges on an asset', async () => {
      const head = await ask(entry.url, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(Number(head.headers['content-length'])).toBe(readFileSync(path.join(webRoot, `${entry.url}.br`)).length);
      expect(head.body.length).toBe(0);
      const range = await ask(entry.url, { range: 'bytes=100-199' });
      expect(range.status).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 100-199/${entry.bytes.length}`);
      expect(range.body.equals(entry.bytes.subarray(100, 200))).toBe(true);
    });

    it.each(['/profile', '/auth', '/marketplace'])('sends index.html for %s (a client route not prerendered) compressed, never cached without asking', async (url) => {
      const res = await ask(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).equals(indexHtml)).toBe(true);
      const gzip = await ask(url, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gzip.body).equals(indexHtml)).toBe(true);
      expect((await ask(url)).body.equals(indexHtml)).toBe(true);
    });

    it.each([
      ['/', 'index.html'],
      ['/radio', 'radio.html'],
      ['/api', 'api.html'],
    ])('sends the prerendered page for %s compressed, with the site address in it, never cached without asking', async (url, file) => {
      const res = await ask(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      const page = brotliDecompressSync(res.body).toString();
      const origin = (/<link rel="canonical" href="(https?:\/\/[^/"]+)/.exec(page) as RegExpExecArray)[1];
      // The built-in catalogue and the test station (core/http/prerendered-pages.ts writes the count in).
      const stationCount = String(builtInStations + 1);
      expect(page).toBe(readFileSync(path.join(webRoot, '.pages', file), 'utf8').replaceAll('__GROUAROCK_PUBLIC_URL__', origin).replaceAll('__GROUAROCK_STATION_COUNT__', stationCount));
      expect(gunzipSync((await ask(url, { 'accept-encoding': 'gzip' })).body).toString()).toBe(page);
      expect((await ask(url)).body.toString()).toBe(page);
    });

    it('answers a missing hashed asset with the JSON 404, whatever the client accepts', async () => {
      const res = await ask('/assets/no-such-chunk-abc123.js', { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /assets/no-such-chunk-abc123.js' });
    });
  });

  describe('the API, compressed as it answers', () => {
    it('sends the stations list gzipped to a client that accepts gzip: the same JSON as without', async () => {
      const plain = await ask('/api/v1/radio/stations');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(10_000);
      const gzip = await ask('/api/v1/radio/stations', { 'accept-encoding': 'gzip' });
      expect(gzip.status).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toMatch(/accept-encoding/i);
      expect(gzip.headers['content-type']).toMatch(/^application\/json/);
      expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));
      const br = await ask('/api/v1/radio/stations', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    });

    it('compresses the OpenAPI document and Swagger UI’s page too', async () => {
      const doc = await ask('/api/docs-json', { 'accept-encoding': 'br' });
      expect(doc.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(doc.body).toString()).openapi).toMatch(/^3\./);
      const page = await ask('/api/docs/', { 'accept-encoding': 'gzip' });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(page.body).toString()).toContain('swagger');
    });

    it('sends a small answer (under 1 kB) as it is', async () => {
      const res = await ask('/api/v1/health', { 'accept-encoding': 'gzip, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'ok' });
    });
  });

  describe('streams, never compressed', () => {
    it('a radio stream comes as audio, piece by piece, as the station sends it', async () => {
      const res = await new Promise<{ headers: IncomingHttpHeaders; first: Buffer; total: number }>((resolve, reject) => {
        const req = httpRequest(`${base}/api/v1/radio/test-squeeze/stream`, { headers: { 'accept-encoding': 'gzip, br' }, agent: false }, (answer) => {
          let first: Buffer | undefined;
          let total = 0;
          answer.on('data', (chunk: Buffer) => {
            first ??= chunk;
            total += chunk.length;
            if (total >= 64 * 1024) {
              req.destroy();
              resolve({ headers: answer.headers, first, total });
            }
          });
        });
        req.on('error', reject);
        req.end();
      });
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['content-encoding']).toBeUndefined();
      // The station's bytes themselves: compressed, 4 kB of one byte would be a few dozen.
      expect(res.first.length).toBeGreaterThan(1024);
      expect(res.first.every((byte) => byte === 0x55)).toBe(true);
    });

    it('a live stream’s HLS playlist and segments come as they are, segments with their length and byte ranges', async () => {
      const id = randomUUID();
      const playlist = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', ...Array.from({ length: 60 }, (_, i) => `#EXTINF:2.000,\nseg-${i}.ts`), ''].join('\n');
      expect(playlist.length).toBeGreaterThan(1024);
      await app.get(HlsFiles).publishPlaylist(id, playlist);
      const segment = Buffer.alloc(64 * 1024, 0x47);
      await app.get(MediaStorage).put(`live/${id}/seg-0.ts`, segment, { contentType: 'video/mp2t', cacheControl: IMMUTABLE });

      const list = await ask(`/api/v1/live/${id}/index.m3u8`, { 'accept-encoding': 'gzip, br' });
      expect(list.status).toBe(200);
      expect(list.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
      expect(list.headers['content-encoding']).toBeUndefined();
      expect(list.body.toString()).toBe(playlist);

      const whole = await ask(`/api/v1/live/${id}/seg-0.ts`, { 'accept-encoding': 'gzip, br' });
      expect(whole.status).toBe(200);
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(Number(whole.headers['content-length'])).toBe(segment.length);
      expect(whole.body.equals(segment)).toBe(true);
      const part = await ask(`/api/v1/live/${id}/seg-0.ts`, { 'accept-encoding': 'gzip, br', range: 'bytes=0-1023' });
      expect(part.status).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.headers['content-range']).toBe(`bytes 0-1023/${segment.length}`);
      expect(part.body.equals(segment.subarray(0, 1024))).toBe(true);
    });

    it('the assistant’s streamed reply: its first piece arrives while the model is still on the rest', async () => {
      // The model sends a first piece and then nothing: the reply ends (as "unavailable") when the 1 s idle limit passes.
      const pieces = await new Promise<{ headers: IncomingHttpHeaders; chunks: { at: number; text: string }[] }>((resolve, reject) => {
        const started = Date.now();
        const req = httpRequest(
          `${base}/api/v1/assistant/chat`,
          { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br', 'x-forwarded-for': '10.72.0.1' }, agent: false },
          (res) => {
            const chunks: { at: number; text: string }[] = [];
            res.on('data', (chunk: Buffer) => chunks.push({ at: Date.now() - started, text: chunk.toString() }));
            res.on('end', () => resolve({ headers: res.headers, chunks }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ message: 'stall please' }));
      });
      expect(pieces.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(pieces.headers['content-encoding']).toBeUndefined();
      const first = pieces.chunks[0];
      expect(first.text).toContain('event: delta');
      expect(first.text).toContain('Zaraz');
      expect(first.text).not.toContain('event: done');
      const done = pieces.chunks.find((chunk) => chunk.text.includes('event: done'))!;
      expect(done.at - first.at).toBeGreaterThan(500);
    });
  });
});
