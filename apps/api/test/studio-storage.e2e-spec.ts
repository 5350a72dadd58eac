import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { S3MediaStorage } from '../src/repositories/s3-media-storage';
import { StudioMaintenance } from '../src/studio/studio-maintenance.service';
import { signedInMember, startListeningApp, useApiUnderTest } from './support/app';
import { LocalObjectStore } from './support/object-store';
import { type Json, studioClient } from './support/studio-client';

// The studio's files in an S3 bucket shared by several API processes (docs/studio.md, "Storage"): any process serves
// any track, with Range, or sends the player to the CDN; deletes and erasure remove the objects; a store that does not
// answer is a 503 and never makes a track ready; the hourly sweep removes objects no row points to.

/** A TCP relay to the object store that can stop answering (every connection cut), as a store or its network fails. */
class SwitchableRelay {
  private readonly sockets = new Set<Socket>();
  private server?: Server;
  private up = true;
  endpoint = '';

  async start(target: string): Promise<void> {
    const { hostname, port } = new URL(target);
    this.server = createServer((client) => {
      if (!this.up) return void client.destroy();
      const upstream = connect(Number(port), hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined).on('close', () => this.sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  setUp(up: boolean): void {
    this.up = up;
    if (!up) for (const socket of this.sockets) socket.destroy();
  }

  async stop(): Promise<void> {
    this.setUp(false);
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const s3 = new LocalObjectStore(['grouarock-media']);
const relay = new SwitchableRelay();
const dataDirs = [mkdtempSync(path.join(tmpdir(), 'grouarock-a-')), mkdtempSync(path.join(tmpdir(), 'grouarock-b-'))];
beforeAll(async () => {
  await s3.start();
  await relay.start(s3.endpoint);
});
afterAll(async () => {
  await relay.stop();
  await s3.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** The bucket as the test sees it, past the relay. */
function bucket(): S3MediaStorage {
  const env = s3.env();
  return new S3MediaStorage({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    forcePathStyle: true,
  });
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of bucket().list(prefix)) keys.push(entry.key);
  return keys.sort();
}

describe('studio media in an object store shared by several API processes', () => {
  // Process A reaches the store through the relay, so the store can go away for it alone.
  // Retries a second after a failure, doubling (JOB_RETRY_DELAY_SECONDS, the same in every process: each declares the
  // queue with its own): the outage's generation runs out of tries soon.
  const api = useApiUnderTest(() => ({ ...s3.env(), S3_ENDPOINT: relay.endpoint, DATA_DIR: dataDirs[0], JOB_RETRY_DELAY_SECONDS: '1' }));
  /** Another API process on the same database and bucket, with a DATA_DIR of its own. */
  const another = async (env: Record<string, string> = {}): Promise<{ app: NestFastifyApplication; base: string }> => {
    const started = await startListeningApp(api.db.url, { ...s3.env(), DATA_DIR: dataDirs[1], STUDIO_WORKERS: '1', JOB_RETRY_DELAY_SECONDS: '1', ...env });
    return { app: started.app, base: `${started.base}/api/v1` };
  };
  /** The track made in the first test (deleted while the store is away in the second). */
  let first: { id: string; generationId: string; studio: ReturnType<typeof studioClient>; audio: string; cover: string };

  it('a track rendered by one process plays, seeks and downloads from another; with MEDIA_PUBLIC_URL, players get the store’s presigned URL', async () => {
    const member = await signedInMember(api, '10.61.0.1');
    const studio = studioClient(api.base, member.token, '10.61.0.1');
    const { body } = await studio.generate({ prompt: 'szybki punk', title: 'Punk z chmury', genre: 'punk-rock' });
    const generationId = body.task_ids[0] as string;
    const [track] = (await studio.finished(generationId)).tracks as Json[];
    expect(await keysUnder(`studio/${generationId}`)).toEqual([`studio/${generationId}/0.mp3`, `studio/${generationId}/0.svg`]);
    expect(existsSync(path.join(dataDirs[0], 'media', 'studio'))).toBe(false);
    // Written with the headers it is served with, for a CDN that serves the bucket itself.
    const s3Client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const head = await s3Client.send(new HeadObjectCommand({ Bucket: 'grouarock-media', Key: `studio/${generationId}/0.mp3` }));
    s3Client.destroy();
    expect(head).toMatchObject({ ContentType: 'audio/mpeg', CacheControl: 'private, max-age=31536000, immutable' });

    const mp3 = Buffer.from(await (await fetch(track.audio_url)).arrayBuffer());
    first = { id: track.id, generationId, studio, audio: track.audio_url, cover: track.image_url };
    const b = await another();
    // The signed links work on every process of the installation (the same secret signs them).
    const onB = (url: string) => url.replace(api.base, b.base);
    try {
      const audio = await fetch(onB(track.audio_url));
      expect(audio.status).toBe(200);
      expect(audio.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(Buffer.from(await audio.arrayBuffer())).toEqual(mp3);
      const range = await fetch(onB(track.audio_url), { headers: { range: 'bytes=1000-1999' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toBe(`bytes 1000-1999/${mp3.length}`);
      expect(Buffer.from(await range.arrayBuffer())).toEqual(mp3.subarray(1000, 2000));
      expect((await fetch(onB(track.audio_url), { headers: { range: `bytes=${mp3.length}-` } })).status).toBe(416);
      const cover = await fetch(onB(track.image_url));
      expect(cover.headers.get('content-type')).toBe('image/svg+xml');
      expect(cover.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(await cover.text()).toContain('Punk z chmury');
    } finally {
      await b.app.close();
    }

    const cdn = await another({ MEDIA_PUBLIC_URL: 'https://cdn.example.test/media/' });
    try {
      const onCdn = (url: string) => fetch(url.replace(api.base, cdn.base), { redirect: 'manual' });
      // Private media never go through the public CDN: a signed link is sent to the store's presigned URL, which ends
      // with it. (s3rver does not check SigV4 signatures; s3-media-storage.spec.ts checks ours against AWS's example.)
      const sent = await onCdn(track.audio_url);
      expect(sent.status).toBe(302);
      expect(sent.headers.get('cache-control')).toBe('private, no-store');
      const presigned = new URL(sent.headers.get('location')!);
      expect(`${presigned.origin}${presigned.pathname}`).toBe(`${s3.endpoint}/grouarock-media/studio/${generationId}/0.mp3`);
      const left = Number(new URL(track.audio_url).searchParams.get('expires')) - Math.floor(Date.now() / 1000);
      expect(Math.abs(Number(presigned.searchParams.get('X-Amz-Expires')) - left)).toBeLessThanOrEqual(2);
      expect(presigned.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      const fromStore = await fetch(presigned, { headers: { range: 'bytes=1000-1999' } });
      expect(fromStore.status).toBe(206);
      expect(Buffer.from(await fromStore.arrayBuffer())).toEqual(mp3.subarray(1000, 2000));
      const coverSent = await onCdn(track.image_url);
      expect(coverSent.status).toBe(302);
      expect((await fetch(coverSent.headers.get('location')!)).headers.get('content-type')).toBe('image/svg+xml');
      // A download keeps our file name, so it is streamed.
      const download = await fetch(`${track.audio_url.replace(api.base, cdn.base)}&download=1`, { redirect: 'manual' });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Punk z chmury.mp3"; filename*=UTF-8''Punk%20z%20chmury.mp3`);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(mp3);
      // An altered link, or the permanent URL of before, is sent nowhere.
      expect((await onCdn(track.audio_url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`))).status).toBe(403);
      expect((await onCdn(`${api.base}/studio/tracks/${track.id}/audio`)).status).toBe(401);
      // A track that does not exist is not sent anywhere.
      expect((await fetch(`${cdn.base}/studio/tracks/${randomUUID()}/audio?expires=1&sig=x`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await cdn.app.close();
    }
  });

  it('a store that does not answer: downloads are 503 storage_unavailable, a generation fails after its retries, never ready', async () => {
    relay.setUp(false);
    try {
      for (const request of [
        fetch(first.audio),
        fetch(first.audio, { headers: { range: 'bytes=0-99' } }),
        fetch(first.cover),
      ]) {
        const res = await request;
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toMatchObject({ statusCode: 503, code: 'storage_unavailable', message: expect.stringContaining('try again') });
      }

      const member = await signedInMember(api, '10.61.1.1');
      const studio = studioClient(api.base, member.token, '10.61.1.1');
      const { body } = await studio.generate({ prompt: 'grunge w deszczu', genre: 'grunge' });
      const generationId = body.task_ids[0] as string;
      const done = await studio.finished(generationId, 45_000);
      expect(done).toMatchObject({ completed: true, status: 'failed', tracks: [], error: { code: 'storage_unavailable', message: expect.stringContaining('could not be stored') } });
      // Tried four times by pg-boss (the first run and three retries, the last of which ended the generation); no track
      // row, the unit back.
      const [job] = await api.db.query<{ retry_count: number }>(`SELECT retry_count FROM pgboss.job WHERE name = 'studio.generate' AND data->>'generationId' = $1`, [generationId]);
      expect(job.retry_count).toBe(3);
      expect((await api.db.query('SELECT 1 FROM studio_tracks WHERE generation_id = $1', [generationId])).length).toBe(0);
      expect((await studio.usage()).body.used).toBe(0);

      // The user's delete goes through; the objects stay, for the orphan sweep (the last test).
      expect((await first.studio.call('DELETE', `/studio/tracks/${first.id}`)).status).toBe(204);
      expect((await first.studio.call('GET', '/studio/tracks')).body.tracks).toEqual([]);
      expect(await keysUnder(`studio/${first.generationId}`)).toHaveLength(2);
    } finally {
      relay.setUp(true);
    }
  }, 90_000);

  it('deleting a track, and erasing an account, remove their objects from the bucket', async () => {
    const member = await signedInMember(api, '10.61.2.1');
    await api.db.query(`INSERT INTO plan_grants (user_id, plan) VALUES ($1, 'premium')`, [member.id]);
    const studio = studioClient(api.base, member.token, '10.61.2.1');
    const made: Json[] = [];
    for (const prompt of ['pierwszy riff', 'drugi riff']) {
      const { body } = await studio.generate({ prompt });
      made.push({ generationId: body.task_ids[0], track: (await studio.finished(body.task_ids[0])).tracks[0] });
    }
    expect(await keysUnder(`studio/${made[0].generationId}`)).toHaveLength(2);
    expect((await studio.call('DELETE', `/studio/tracks/${made[0].track.id}`)).status).toBe(204);
    expect(await keysUnder(`studio/${made[0].generationId}`)).toEqual([]);
    expect(await fetch(made[0].track.audio_url).then((r) => r.json())).toMatchObject({ statusCode: 404, code: 'track_not_found' });

    expect(await keysUnder(`studio/${made[1].generationId}`)).toHaveLength(2);
    expect((await studio.call('DELETE', '/user/data', { confirm: 'DELETE' })).status).toBe(200);
    expect(await keysUnder(`studio/${made[1].generationId}`)).toEqual([]);
  });

  it('the hourly sweep removes objects no row points to once they are an hour old, and keeps fresh ones and those of tracks and running jobs', async () => {
    const member = await signedInMember(api, '10.61.3.1');
    const store = bucket();
    const generation = async (status: string) =>
      (
        await api.db.query<{ id: string }>(
          `INSERT INTO studio_generations (user_id, status, engine, params, seed, generator_version, warsaw_day) VALUES ($1, $2, 'builtin', '{}', 1, 1, (now() AT TIME ZONE 'Europe/Warsaw')::date) RETURNING id`,
          [member.id, status],
        )
      )[0].id;
    const kept = await generation('succeeded');
    await api.db.query(
      `INSERT INTO studio_tracks (user_id, generation_id, position, title, duration, tags, audio_key, image_key, audio_bytes) VALUES ($1, $2, 0, 'x', 30, 'x', $3, $4, 3)`,
      [member.id, kept, `studio/${kept}/0.mp3`, `studio/${kept}/0.svg`],
    );
    const running = await generation('running');
    const failed = await generation('failed');
    const noRow = randomUUID();
    const keys = {
      track: [`studio/${kept}/0.mp3`, `studio/${kept}/0.svg`],
      untracked: [`studio/${kept}/1.mp3`],
      running: [`studio/${running}/0.mp3`],
      failed: [`studio/${failed}/0.mp3`],
      noRow: [`studio/${noRow}/0.mp3`, `studio/${noRow}/0.svg`],
    };
    for (const key of Object.values(keys).flat()) await store.put(key, 'mp3');

    const sweeper = api.app.get(StudioMaintenance);
    // All of them are fresh: a job in flight may have written them before its rows.
    expect(await sweeper.sweepOrphans(new Date())).toBe(0);
    expect(await keysUnder(`studio/${noRow}`)).toEqual(keys.noRow);

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    expect(await sweeper.sweepOrphans(inTwoHours)).toBe(keys.untracked.length + keys.failed.length + keys.noRow.length + 2);
    expect(await keysUnder(`studio/${kept}`)).toEqual(keys.track);
    expect(await keysUnder(`studio/${running}`)).toEqual(keys.running);
    for (const id of [failed, noRow, first.generationId]) expect(await keysUnder(`studio/${id}`)).toEqual([]);
  });
});
