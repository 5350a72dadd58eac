import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MediaLinks } from '../src/studio/media-link';
import { signedInMember, startListeningApp, type ApiUnderTest } from './support/app';
import { createTestDatabase } from './support/database';
import { FakeMusicProvider, type ProviderKind } from './support/fake-music-provider';
import { startServerProcess } from './support/server-process';
import { type Json, studioClient } from './support/studio-client';

/** The JWT_SECRET the test apps run with (support/app.ts): the key of their media links is derived from it. */
const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

// The studio with a Suno-compatible provider (a local fake in each dialect): the right track or the right error for
// each of its behaviours, the media copied into our storage, the built-in generator standing in when it fails, and a
// job that survives a restart of the API without asking the provider twice.

const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-studio-provider-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A fresh database, the fake provider and the API configured for it. */
function useProvider(kind: ProviderKind, env: Record<string, string> = {}) {
  const fake = new FakeMusicProvider(kind);
  const api = {} as ApiUnderTest & { app: NestFastifyApplication };
  beforeAll(async () => {
    await fake.start();
    api.db = await createTestDatabase();
    const started = await startListeningApp(api.db.url, {
      DATA_DIR: path.join(dataDir, kind),
      MUSIC_PROVIDER_URL: fake.base,
      MUSIC_PROVIDER_KEY: fake.key,
      MUSIC_PROVIDER_KIND: kind,
      MUSIC_PROVIDER_POLL_SECONDS: '1',
      MUSIC_PROVIDER_TIMEOUT_SECONDS: '6',
      ...env,
    });
    api.app = started.app;
    api.base = `${started.base}/api/v1`;
  });
  afterAll(async () => {
    await api.app?.close();
    await api.db?.drop();
    await fake.stop();
  });
  /** A member on Ultra (no daily limit), so each test may generate as often as it needs. */
  const ultra = async (ip: string) => {
    const member = await signedInMember(api, ip);
    await api.db.query(`INSERT INTO plan_grants (user_id, plan) VALUES ($1, 'ultra')`, [member.id]);
    return { member, studio: studioClient(api.base, member.token, ip) };
  };
  return { fake, api, ultra };
}

describe('a task-API provider (sunoapi.org, kie.ai)', () => {
  const { fake, api, ultra } = useProvider('task');

  it('makes two tracks of one request, copied into our storage, charging one generation', async () => {
    const { studio } = await ultra('10.61.0.1');
    const started = await studio.generate({ prompt: 'szybki punk', title: 'Dwa klipy', genre: 'punk-rock' });
    expect(started.body).toMatchObject({ engine: 'provider', notice: null });
    const done = await studio.finished(started.body.task_ids[0]);
    expect(done).toMatchObject({ completed: true, status: 'succeeded', notice: null });
    expect(done.tracks).toHaveLength(2);
    for (const track of done.tracks as Json[]) {
      expect(track).toMatchObject({ engine: 'provider', tags: 'punk, fast', duration: 1 });
      expect(track.audio_url.startsWith(api.base)).toBe(true);
      const audio = await fetch(track.audio_url);
      expect(audio.headers.get('content-type')).toBe('audio/mpeg');
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect((await fetch(track.image_url)).headers.get('content-type')).toBe('image/png');
    }
    expect((await studio.usage()).body.used).toBe(1);
  });

  it('honours 429 with Retry-After and then gets the tracks', async () => {
    const { studio } = await ultra('10.61.0.2');
    const { body } = await studio.generate({ prompt: 'ratelimited grunge' });
    const done = await studio.finished(body.task_ids[0]);
    expect(fake.rateLimited).toBe(2);
    expect(done).toMatchObject({ status: 'succeeded', notice: null, tracks: [{ engine: 'provider' }, { engine: 'provider' }] });
  });

  it('refused words fail the generation with a clear error, and the unit comes back', async () => {
    const { studio } = await ultra('10.61.0.3');
    const { body } = await studio.generate({ prompt: 'refused lyrics' });
    const done = await studio.finished(body.task_ids[0]);
    expect(done).toMatchObject({ completed: true, status: 'failed', tracks: [], error: { code: 'content_refused', message: 'sensitive words' } });
    expect((await studio.usage()).body.used).toBe(0);
  });

  it.each([
    { word: 'stuck', what: 'whose clips stay "streaming" past the deadline', notice: 'provider_timeout' },
    { word: 'fails', what: 'that fails the task', notice: 'provider_failed' },
    { word: 'hangs', what: 'that never answers', notice: 'provider_unavailable' },
  ])('a provider $what: the built-in generator makes the track, with the notice $notice', async ({ word, notice }) => {
    const { studio } = await ultra(`10.61.1.${word.length}`);
    const { body } = await studio.generate({ prompt: `${word} heavy metal`, genre: 'heavy-metal' });
    const done = await studio.finished(body.task_ids[0], 30_000);
    expect(done).toMatchObject({ completed: true, status: 'succeeded', notice, tracks: [{ engine: 'builtin', duration: 30 }] });
    expect((await fetch(done.tracks[0].audio_url)).status).toBe(200);
  });

  it('after three failures in a row the provider is skipped: new tracks are built in, and the health check says why', async () => {
    const { studio } = await ultra('10.61.2.1');
    const health = (await (await fetch(`${api.base}/studio/provider-health`)).json()) as Json;
    expect(health).toMatchObject({ engine: 'builtin', configured: true, kind: 'task', reachable: true, circuit: 'open', openUntil: expect.any(String), error: null });
    const submits = fake.submits;
    const { body } = await studio.generate({ prompt: 'szybki punk' });
    expect(body).toMatchObject({ engine: 'builtin', notice: 'provider_unavailable' });
    expect((await studio.finished(body.task_ids[0])).tracks).toMatchObject([{ engine: 'builtin' }]);
    expect(fake.submits).toBe(submits);
  });

  it('the copied tracks still play with the provider gone', async () => {
    const [{ id, user_id: ownerId }] = await api.db.query<{ id: string; user_id: string }>(`SELECT id, user_id FROM studio_tracks WHERE audio_key LIKE '%/1.mp3' LIMIT 1`);
    await fake.stop();
    // A signed link as the library would give it (the test's JWT_SECRET signs them).
    const link = new MediaLinks(TEST_JWT_SECRET, 3600).issue({ trackId: id, ownerId, kind: 'audio' });
    expect((await fetch(`${api.base}/studio/tracks/${id}/audio?expires=${link.expires}&sig=${link.sig}`)).status).toBe(200);
  });
});

describe.each(['relay', 'gcui'] as const)('a %s provider', (kind) => {
  const { ultra } = useProvider(kind);

  it('makes two tracks of one request, waiting while the clips are only "streaming"', async () => {
    const { studio } = await ultra('10.62.0.1');
    const { body } = await studio.generate({ prompt: 'alternatywny rock', title: 'Relay' });
    expect((await studio.finished(body.task_ids[0])).tracks).toMatchObject([{ engine: 'provider' }, { engine: 'provider' }]);
  });

  it('a failed task, or Suno’s None.mp3 placeholder dressed as success, is not a track of the provider', async () => {
    const { studio } = await ultra('10.62.0.2');
    for (const word of ['fails', 'placeholder']) {
      const { body } = await studio.generate({ prompt: `${word} grunge` });
      expect(await studio.finished(body.task_ids[0])).toMatchObject({ status: 'succeeded', notice: 'provider_failed', tracks: [{ engine: 'builtin' }] });
    }
  });
});

describe('a generation while the API restarts', () => {
  it('goes on in the new process from where it was: asked of the provider once, stored once, charged once', async () => {
    const fake = new FakeMusicProvider('task');
    await fake.start();
    const db = await createTestDatabase();
    const env = { MUSIC_PROVIDER_URL: fake.base, MUSIC_PROVIDER_KEY: fake.key, MUSIC_PROVIDER_POLL_SECONDS: '3', MUSIC_PROVIDER_TIMEOUT_SECONDS: '60' };
    const dir = path.join(dataDir, 'restart');
    let server = await startServerProcess(db.url, dir, env);
    try {
      const api = { db, base: `${server.base}/api/v1` } as ApiUnderTest;
      const member = await signedInMember(api, '10.63.0.1');
      const { body } = await studioClient(api.base, member.token, '10.63.0.1').generate({ prompt: 'punk przez restart' });
      const [id] = body.task_ids as string[];
      // Stopped once the provider has the request, while the job waits for the clips.
      for (let i = 0; !(await db.query(`SELECT 1 FROM studio_generations WHERE id = $1 AND provider_task_ids IS NOT NULL`, [id])).length; i++) {
        if (i > 100) throw new Error('the provider was never asked');
        await new Promise((r) => setTimeout(r, 100));
      }
      await server.stop();
      expect((await db.query<{ status: string }>('SELECT status FROM studio_generations WHERE id = $1', [id]))[0].status).toBe('running');

      // The new process has another address (and so issues other tokens): the database says how it went.
      server = await startServerProcess(db.url, dir, env);
      const deadline = Date.now() + 45_000;
      let row: { status: string; engine: string; notice: string | null } | undefined;
      while ((row = (await db.query<typeof row & object>('SELECT status, engine, notice FROM studio_generations WHERE id = $1', [id]))[0])?.status === 'running') {
        if (Date.now() > deadline) throw new Error('the generation did not finish after the restart');
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(row).toEqual({ status: 'succeeded', engine: 'provider', notice: null });
      expect(fake.submits).toBe(1);
      expect(await db.query('SELECT count(*)::int AS count FROM studio_tracks')).toEqual([{ count: 2 }]);
      expect(await db.query(`SELECT count(*)::int AS count FROM studio_generations WHERE status <> 'failed'`)).toEqual([{ count: 1 }]);
    } finally {
      await server.stop();
      await db.drop();
      await fake.stop();
    }
  }, 120_000);
});
