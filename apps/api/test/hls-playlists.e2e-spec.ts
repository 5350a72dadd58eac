import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Metrics } from '../src/core/metrics/metrics';
import { EventBus } from '../src/repositories/event-bus';
import { HLS_CHANNEL, HlsFiles, PLAYLIST_TRUST_MS } from '../src/repositories/hls-files';
import { MediaStorage } from '../src/repositories/media-storage';
import { startListeningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';

const playlist = (sequence: number) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:${sequence}\n#EXTINF:1.000,\nseg-${sequence}.ts\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two API processes on one database and one store: one packages a stream, viewers ask the other for its playlist. */
describe("the viewers' playlist, held by every process and replaced as it is announced", () => {
  let db: TestDatabase;
  let dataDir: string;
  let packaging: { app: NestFastifyApplication; base: string };
  let serving: { app: NestFastifyApplication; base: string };

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-hls-'));
    packaging = await startListeningApp(db.url, { DATA_DIR: dataDir });
    serving = await startListeningApp(db.url, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await packaging?.app.close();
    await serving?.app.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The store reads (`get`) a process made so far, as its metrics count them. */
  const reads = async (app: NestFastifyApplication) => {
    const { values } = await app.get(Metrics).storageOperations.get();
    return values.filter((v) => v.labels.operation === 'get').reduce((sum, v) => sum + v.value, 0);
  };
  const ask = async (id: string) => {
    const res = await fetch(`${serving.base}/api/v1/live/${id}/index.m3u8`);
    return { status: res.status, text: await res.text() };
  };
  /** Until the serving process answers `text` (an announcement takes a NOTIFY's trip), at most 2 s. */
  const until = async (id: string, text: string) => {
    const deadline = Date.now() + 2000;
    while ((await serving.app.get(HlsFiles).readPlaylist(id)) !== text && Date.now() < deadline) await sleep(10);
  };

  it('a new playlist reaches viewers of another process at once, without that process reading the store', async () => {
    const id = randomUUID();
    await packaging.app.get(HlsFiles).publishPlaylist(id, playlist(0));
    await until(id, playlist(0));
    const before = await reads(serving.app);
    for (let sequence = 1; sequence <= 5; sequence++) {
      await packaging.app.get(HlsFiles).publishPlaylist(id, playlist(sequence));
      await until(id, playlist(sequence));
      const answers = await Promise.all(Array.from({ length: 10 }, () => ask(id)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      // Each viewer's copy adds where to start; the playlist itself is the newest one.
      for (const { text } of answers) expect(text).toContain(`#EXT-X-MEDIA-SEQUENCE:${sequence}\n#EXTINF:1.000,\nseg-${sequence}.ts`);
    }
    expect(await reads(serving.app)).toBe(before);
  });

  it('viewers asking together for a playlist the process does not hold cost one read of the store', async () => {
    const id = randomUUID();
    // Written to the store without an announcement, as a process whose database was away leaves it.
    await packaging.app.get(MediaStorage).put(`live/${id}/index.m3u8`, playlist(7), { contentType: 'application/vnd.apple.mpegurl' });
    const before = await reads(serving.app);
    const texts = await Promise.all(Array.from({ length: 20 }, () => serving.app.get(HlsFiles).readPlaylist(id)));
    expect(new Set(texts)).toEqual(new Set([playlist(7)]));
    expect((await reads(serving.app)) - before).toBe(1);
  });

  it('a playlist replaced without an announcement is served again from the store once the held one is no longer trusted', async () => {
    const id = randomUUID();
    await packaging.app.get(HlsFiles).publishPlaylist(id, playlist(1));
    await until(id, playlist(1));
    await packaging.app.get(MediaStorage).put(`live/${id}/index.m3u8`, playlist(2), { contentType: 'application/vnd.apple.mpegurl' });
    expect(await serving.app.get(HlsFiles).readPlaylist(id)).toBe(playlist(1));
    await sleep(PLAYLIST_TRUST_MS + 100);
    expect(await serving.app.get(HlsFiles).readPlaylist(id)).toBe(playlist(2));
  });

  it('a stream whose files are removed is no longer served by any process', async () => {
    const id = randomUUID();
    await packaging.app.get(HlsFiles).publishPlaylist(id, playlist(3));
    await until(id, playlist(3));
    expect((await ask(id)).status).toBe(200);
    await packaging.app.get(HlsFiles).remove(id);
    const deadline = Date.now() + 2000;
    while ((await ask(id)).status === 200 && Date.now() < deadline) await sleep(10);
    expect(await ask(id)).toMatchObject({ status: 404, text: expect.stringContaining('not_live_yet') });
  });

  it('a playlist too big for an event is announced without its text, and read from the store once', async () => {
    const id = randomUUID();
    const big = playlist(0) + Array.from({ length: 400 }, (_, i) => `#EXTINF:1.000,\nseg-${i + 1}.ts`).join('\n') + '\n#EXT-X-ENDLIST\n';
    expect(big.length).toBeGreaterThan(8000);
    await packaging.app.get(HlsFiles).publishPlaylist(id, playlist(0));
    await until(id, playlist(0));
    const before = await reads(serving.app);
    await packaging.app.get(HlsFiles).publishPlaylist(id, big);
    await until(id, big);
    expect(await serving.app.get(HlsFiles).readPlaylist(id)).toBe(big);
    expect((await reads(serving.app)) - before).toBe(1);
  });

  it('a playlist announced for a stream no viewer of this process asked for is not held: its first viewer reads the store', async () => {
    const id = randomUUID();
    // The serving process hears the announcement (its event bus delivers it), but holds nothing of the stream.
    let stopListening = () => undefined as void;
    const heard = new Promise<void>((resolve) => (stopListening = serving.app.get(EventBus).onEvent((event) => event.channel === HLS_CHANNEL && event.data.id === id && resolve())));
    await packaging.app.get(HlsFiles).publishPlaylist(id, playlist(8));
    await heard;
    stopListening();
    await packaging.app.get(MediaStorage).put(`live/${id}/index.m3u8`, playlist(9), { contentType: 'application/vnd.apple.mpegurl' });
    const before = await reads(serving.app);
    expect(await serving.app.get(HlsFiles).readPlaylist(id)).toBe(playlist(9));
    expect((await reads(serving.app)) - before).toBe(1);
  });

  it('an announcement of another shape, or from someone else with database access, changes nothing', async () => {
    const id = randomUUID();
    await packaging.app.get(HlsFiles).publishPlaylist(id, playlist(4));
    await until(id, playlist(4));
    const bus = packaging.app.get(EventBus);
    await bus.publish({ channel: HLS_CHANNEL, type: 'playlist', data: { id: 42, text: 'nope' } });
    await bus.publish({ channel: HLS_CHANNEL, type: 'other', data: { id, text: 'nope' } });
    await bus.publish({ channel: 'internal.live', type: 'playlist', data: { id, text: 'nope' } });
    await sleep(200);
    expect(await serving.app.get(HlsFiles).readPlaylist(id)).toBe(playlist(4));
    expect((await ask(id)).status).toBe(200);
  });
});
