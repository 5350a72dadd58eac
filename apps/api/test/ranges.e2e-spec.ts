import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { type ApiUnderTest, signedInMember, startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { studioClient } from './support/studio-client';

// Every file answers every Range header at once and the same way (core/http/byte-range.ts): a satisfiable range
// its part (206), an unsatisfiable one a 416 JSON error naming the size, anything else the whole file (200). Asked of
// an ad spot (a file on disk), a studio track (stored media) and one of the web app's files.

/** Long enough for any answer here; a request that gets none in this time has hung. */
const ANSWER_MS = 1000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came (nothing decoded on the way). */
  body: Buffer;
  ms: number;
}

/** One request as a client sends it, given up on after `ms`: a hang fails the test rather than wedging it. */
function ask(url: string, headers: Record<string, string> = {}, { method = 'GET', ms = ANSWER_MS } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
      res.on('error', reject);
    });
    const timer = setTimeout(() => req.destroy(new Error(`${method} ${url} with ${JSON.stringify(headers)}: no answer within ${ms} ms`)), ms);
    req.once('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end();
  });
}

/** What each Range header must get from a file of `whole.length` bytes. */
function expectations(whole: Buffer): [string, number, string | null, Buffer | 'error'][] {
  const size = whole.length;
  return [
    ['bytes=0-9', 206, `bytes 0-9/${size}`, whole.subarray(0, 10)],
    ['bytes=-10', 206, `bytes ${size - 10}-${size - 1}/${size}`, whole.subarray(size - 10)],
    ['bytes=10-', 206, `bytes 10-${size - 1}/${size}`, whole.subarray(10)],
    [`bytes=${size - 5}-${size + 1000}`, 206, `bytes ${size - 5}-${size - 1}/${size}`, whole.subarray(size - 5)],
    ['bytes=5-3', 200, null, whole],
    ['garbage', 200, null, whole],
    ['items=0-9', 200, null, whole],
    ['bytes=0-9,20-29', 200, null, whole],
    ['bytes=-0', 416, `bytes */${size}`, 'error'],
    ['bytes=999999999-', 416, `bytes */${size}`, 'error'],
    [`bytes=${size}-`, 416, `bytes */${size}`, 'error'],
  ];
}

/** Asks `url` with every header of expectations() and checks each answer. */
async function expectEveryRangeAnswered(url: string, whole: Buffer, extraHeaders: Record<string, string> = {}): Promise<void> {
  for (const [range, status, contentRange, body] of expectations(whole)) {
    const answer = await ask(url, { ...extraHeaders, range });
    const seen = { range, status: answer.status, contentRange: answer.headers['content-range'] ?? null, length: answer.body.length };
    expect(seen).toEqual({ range, status, contentRange, length: body === 'error' ? expect.any(Number) : body.length });
    expect(answer.ms).toBeLessThan(ANSWER_MS);
    if (body === 'error') {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body.toString())).toEqual({
        statusCode: 416,
        error: 'Range Not Satisfiable',
        message: `The range asked for holds no byte of this file, which has ${whole.length} bytes`,
        code: 'range_not_satisfiable',
      });
    } else {
      expect(answer.body.equals(body)).toBe(true);
      expect(answer.headers['accept-ranges']).toBe('bytes');
    }
  }
}

describe('byte ranges on every file', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-ranges-'));
  const webRoot = mkdtempSync(path.join(tmpdir(), 'grouarock-ranges-web-'));
  // Random bytes: its .br is not smaller, which does not matter; that it differs from the file does.
  const script = randomBytes(3000);
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let origin: string;

  beforeAll(async () => {
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>GrouaRock web app</title>');
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), script);
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js.br'), brotliCompressSync(script));
    db = await createTestDatabase();
    app = await startTestApp(db.url, { DATA_DIR: dataDir }, webRoot);
    await app.listen(0, '127.0.0.1');
    origin = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webRoot, { recursive: true, force: true });
  });

  describe('an ad spot (a file on disk)', () => {
    const spotUrl = () => `${origin}/api/v1/ads/spots/grouarock-premium.mp3`;
    let spot: Answer;

    beforeAll(async () => {
      // The first ask renders the house spot with ffmpeg.
      spot = await ask(spotUrl(), {}, { ms: 60_000 });
    }, 70_000);

    it('is sent whole with its type, caching and validators', () => {
      expect(spot.status).toBe(200);
      expect(spot.body.length).toBeGreaterThan(50_000);
      expect(Object.fromEntries(['content-type', 'x-content-type-options', 'cache-control', 'accept-ranges', 'content-length'].map((name) => [name, spot.headers[name]]))).toEqual({
        'content-type': 'audio/mpeg',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=3600',
        'accept-ranges': 'bytes',
        'content-length': String(spot.body.length),
      });
      expect(spot.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
      expect(Date.parse(spot.headers['last-modified']!)).toBeGreaterThan(0);
    });

    it('answers every Range at once: its part, a 416 naming its size, or the whole file', async () => {
      await expectEveryRangeAnswered(spotUrl(), spot.body);
    });

    it('answers HEAD with a range as GET would, without the body', async () => {
      const head = await ask(spotUrl(), { range: 'bytes=0-9' }, { method: 'HEAD' });
      expect([head.status, head.headers['content-range'], head.headers['content-length'], head.body.length]).toEqual([206, `bytes 0-9/${spot.body.length}`, '10', 0]);
      const unsatisfiable = await ask(spotUrl(), { range: 'bytes=-0' }, { method: 'HEAD' });
      expect([unsatisfiable.status, unsatisfiable.headers['content-range']]).toEqual([416, `bytes */${spot.body.length}`]);
    });

    it('answers a current copy with a 304 (before any range), and a range with If-Range of another version with the whole file', async () => {
      const etag = spot.headers.etag!;
      const lastModified = spot.headers['last-modified']!;
      const current: Record<string, string>[] = [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }, { 'if-none-match': etag, range: 'bytes=999999999-' }];
      for (const headers of current) {
        const answer = await ask(spotUrl(), headers);
        expect([answer.status, answer.body.length, answer.headers.etag]).toEqual([304, 0, etag]);
      }
      const sameVersion = await ask(spotUrl(), { range: 'bytes=0-9', 'if-range': lastModified });
      expect([sameVersion.status, sameVersion.body.length]).toEqual([206, 10]);
      const older = await ask(spotUrl(), { range: 'bytes=0-9', 'if-range': new Date(Date.parse(lastModified) - 60_000).toUTCString() });
      expect([older.status, older.body.length]).toEqual([200, spot.body.length]);
      // Our ETags are weak, and If-Range compares strongly: never the same version.
      const weak = await ask(spotUrl(), { range: 'bytes=0-9', 'if-range': etag });
      expect([weak.status, weak.body.length]).toEqual([200, spot.body.length]);
    });
  });

  describe('a studio track (stored media)', () => {
    let audioUrl: string;
    let track: Answer;

    beforeAll(async () => {
      const api: ApiUnderTest = { db, app, base: `${origin}/api/v1` };
      const member = await signedInMember(api, '10.61.0.1');
      const studio = studioClient(api.base, member.token, '10.61.0.1');
      const started = await studio.generate({ prompt: 'Krótki punk na próbę zakresów', genre: 'punk-rock', length: '30s' });
      const done = await studio.finished(started.body.task_ids[0]);
      // The signed link of the status answer (docs/studio.md), asked of this origin.
      audioUrl = `${api.base}/studio/tracks/${done.tracks[0].id}/audio${new URL(done.tracks[0].audio_url as string).search}`;
      track = await ask(audioUrl, {}, { ms: 10_000 });
    }, 60_000);

    it('answers every Range at once: its part, a 416 naming its size, or the whole file', async () => {
      expect([track.status, track.headers['content-type']]).toEqual([200, 'audio/mpeg']);
      await expectEveryRangeAnswered(audioUrl, track.body);
    });
  });

  describe("one of the web app's files", () => {
    const scriptUrl = () => `${origin}/assets/app-abc123.js`;

    it('answers every Range at once: its part, a 416 naming its size, or the whole file', async () => {
      await expectEveryRangeAnswered(scriptUrl(), script);
    });

    it('takes a range of the file as it is, even from a client that accepts the .br the build wrote', async () => {
      const compressed = await ask(scriptUrl(), { 'accept-encoding': 'br' });
      expect(compressed.headers['content-encoding']).toBe('br');
      await expectEveryRangeAnswered(scriptUrl(), script, { 'accept-encoding': 'br' });
      const part = await ask(scriptUrl(), { 'accept-encoding': 'br', range: 'bytes=0-9' });
      expect([part.headers['content-encoding'], part.headers.vary]).toEqual([undefined, 'Accept-Encoding']);
    });

    it('answers a client route (index.html) likewise', async () => {
      const page = await ask(`${origin}/radio`);
      expect(page.status).toBe(200);
      await expectEveryRangeAnswered(`${origin}/radio`, page.body);
    });
  });
});
