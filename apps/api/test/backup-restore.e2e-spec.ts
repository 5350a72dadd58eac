import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import { type Answer, type Cluster, requestFrom, startCluster } from './support/cluster';
import { type DebianPostgres, startDebianPostgres } from './support/debian-postgres';
import { LocalObjectStore } from './support/object-store';
import { runScript } from './support/run-script';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { until } from './support/waiting';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ffmpeg: string = process.env.FFMPEG_PATH ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A query on a database of the test's own servers. */
async function query<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

function databaseOn(server: DebianPostgres, name: string): string {
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return url.toString();
}


/**
 * Issue 37's drill (docs/operations.md, "Backup and restore"): what users made on one cluster (an account, a like, a
 * playlist, a studio track, a live stream's replay) is backed up, restored into a fresh PostgreSQL and a fresh bucket,
 * and a new process on them serves all of it. PostgreSQL is Debian's (support/debian-postgres.ts says why), the bucket
 * s3rver through the real AWS SDK.
 */
describe('npm run backup, then npm run restore into a fresh PostgreSQL and bucket', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'grouarock-backup-'));
  const backup = path.join(work, 'backup');
  let source: DebianPostgres;
  let target: DebianPostgres;
  let sourceUrl: string;
  let targetUrl: string;
  let cluster: Cluster;
  let restoredStore: LocalObjectStore;
  let restored: ServerProcess | undefined;
  let publisher: ChildProcess | undefined;

  beforeAll(async () => {
    [source, target] = await Promise.all([startDebianPostgres(), startDebianPostgres()]);
    await query(source.url, 'CREATE DATABASE grouarock');
    sourceUrl = databaseOn(source, 'grouarock');
    // The new cluster's database belongs to an account of its own, as a managed PostgreSQL's would: nothing of the old
    // server's roles is needed.
    await query(target.url, "CREATE ROLE restorer LOGIN PASSWORD 'restorer-password'");
    await query(target.url, 'CREATE DATABASE grouarock OWNER restorer');
    const url = new URL(databaseOn(target, 'grouarock'));
    [url.username, url.password] = ['restorer', 'restorer-password'];
    targetUrl = url.toString();
    cluster = await startCluster(sourceUrl, 1);
    restoredStore = await new LocalObjectStore(['grouarock-restored']).start();
  }, 120_000);

  afterAll(async () => {
    publisher?.kill('SIGKILL');
    await restored?.stop();
    await cluster?.stop();
    await restoredStore?.stop();
    await source?.stop();
    await target?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('brings back accounts (sign-in), likes, playlists, studio tracks (same bytes) and replays (every segment)', async () => {
    const address = '127.0.0.21';
    const lb = `${cluster.balancer.base}/api/v1`;
    const call = (method: string, route: string, token?: string, body?: unknown): Promise<Answer> =>
      requestFrom(address, `${lb}${route}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, body });

    // An account, signed in with its password.
    const email = `backup-${Date.now()}@example.com`;
    const password = 'riff-raff-backup-123';
    expect((await call('POST', '/auth/signup', undefined, { email, password })).status).toBe(201);
    await query(sourceUrl, 'UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
    const session = await call('POST', '/auth/token?grant_type=password', undefined, { email, password });
    expect(session.status).toBe(200);
    const token = session.json().access_token as string;

    // A like and a playlist of the built-in catalogue's stations (re-read from the catalogue at every boot).
    const stationIds = ((await call('GET', '/radio/stations')).json() as { id: string }[]).map((s) => s.id).slice(0, 3);
    expect(stationIds).toHaveLength(3);
    expect((await call('PUT', `/radio/${stationIds[0]}/like`, token)).json()).toEqual({ count: 1, likedByMe: true });
    const playlist = await call('POST', '/user/playlists', token, { name: 'Na trasę', items: stationIds.map((id) => ({ type: 'station', id })).reverse() });
    expect(playlist.status).toBe(201);
    const playlistId = playlist.json().id as string;
    // What is the playlist's own (its stations' listeners and now-playing are live figures).
    const playlistOf = ({ items, ...own }: { items: { type: string; station: { id: string } }[] }) => ({ ...own, items: items.map((i) => [i.type, i.station.id]) });
    const playlistBefore = playlistOf((await call('GET', `/playlists/${playlistId}`, token)).json());
    expect(playlistBefore.items).toEqual([...stationIds].reverse().map((id) => ['station', id]));

    // A studio track, made by the cluster's job worker.
    const started = await call('POST', '/studio/generate', token, { prompt: 'Szybki punk do kopii zapasowej', length: '30s' });
    expect(started.status).toBe(200);
    const [taskId] = started.json().task_ids as string[];
    const done = await until('the studio track', 60_000, async () => {
      const status = (await call('POST', '/studio/status', token, { task_ids: [taskId] })).json();
      return status.completed ? status : undefined;
    }, 300);
    const trackId = (done.tracks[0] as { id: string }).id;
    // The owner signed in gets the file without a signed link (docs/studio.md).
    const audio = (await call('GET', `/studio/tracks/${trackId}/audio`, token)).body;
    expect(audio.length).toBeGreaterThan(10_000);

    // A live stream published over RTMP for a few seconds, then stopped: its replay.
    const created = await call('POST', '/stream/create', token, { title: 'Koncert do archiwum', genre: 'rock' });
    expect(created.status).toBe(200);
    const { id: streamId, streamKey } = created.json() as { id: string; streamKey: string };
    const clip = path.join(work, 'clip.flv');
    execFileSync(ffmpeg, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-t', '8', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', clip,
    ]);
    publisher = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-re', '-i', clip, '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${cluster.rtmpPorts[0]}/live/${streamKey}`], { stdio: 'ignore' });
    await until('four live segments', 30_000, async () => {
      const live = await call('GET', `/live/${streamId}/index.m3u8`);
      return live.status === 200 && (live.body.toString().match(/seg-\d+\.ts/g) ?? []).length >= 4 ? true : undefined;
    }, 300);
    publisher.kill('SIGINT');
    expect((await call('POST', `/stream/${streamId}/stop`, token)).status).toBe(204);
    const replay = await until('the replay', 15_000, async () => {
      const text = (await call('GET', `/live/${streamId}/index.m3u8`)).body.toString();
      return text.includes('#EXT-X-ENDLIST') ? text : undefined;
    }, 300);
    const segments = replay.match(/seg-\d+\.ts/g) ?? [];
    expect(segments.length).toBeGreaterThanOrEqual(4);
    const segmentHashes: Record<string, string> = {};
    for (const segment of segments) {
      const res = await call('GET', `/live/${streamId}/${segment}`);
      expect([segment, res.status]).toEqual([segment, 200]);
      segmentHashes[segment] = sha(res.body);
    }

    // The backup, while the cluster runs, with the cluster's own settings.
    const sourceSettings = { DATABASE_URL: sourceUrl, ...cluster.store.env() };
    const backedUp = await runScript('backup', [backup], sourceSettings);
    expect([backedUp.code, backedUp.stderr]).toEqual([0, expect.stringContaining('database.dump')]);
    const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    const [audioKey] = (await query<{ audio_key: string }>(sourceUrl, 'SELECT audio_key FROM studio_tracks WHERE id = $1', [trackId])).map((r) => r.audio_key);
    const listed = readFileSync(path.join(backup, 'objects.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { key: string; sha256: string; contentType?: string; cacheControl?: string });
    expect(listed.find((o) => o.key === audioKey)).toMatchObject({ sha256: sha(audio), contentType: 'audio/mpeg' });
    expect(listed.filter((o) => o.key.startsWith(`live/${streamId}/seg-`))).toHaveLength(segments.length);
    expect(manifest).toMatchObject({ media: { objects: listed.length }, database: { tables: { 'public.users': 1, 'public.station_likes': 1, 'public.playlists': 1 } } });

    // Restore refuses a database and a bucket that are not empty, naming both.
    const refused = await runScript('restore', [backup], sourceSettings);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Restore failed: not empty: the database postgres:\/\/postgres@127\.0\.0\.1:\d+\/grouarock has \d+ tables .*; the bucket grouarock-media .* has objects/);

    // A damaged backup changes nothing: every object is checked before the database is touched.
    const targetSettings = { DATABASE_URL: targetUrl, ...restoredStore.env() };
    const audioFile = path.join(backup, 'media', ...audioKey.split('/'));
    const intact = readFileSync(audioFile);
    writeFileSync(audioFile, Buffer.concat([intact.subarray(0, 100), Buffer.from([intact[100] ^ 0xff]), intact.subarray(101)]));
    const damaged = await runScript('restore', [backup], targetSettings);
    expect([damaged.code, damaged.stderr]).toEqual([1, expect.stringContaining(`damaged: media/${audioKey} does not have the sha256 of the manifest`)]);
    expect(await query(targetUrl, "SELECT 1 FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")).toEqual([]);
    writeFileSync(audioFile, intact);

    // The restore into the fresh database and bucket.
    const done1 = await runScript('restore', [backup], targetSettings);
    expect([done1.code, done1.stderr]).toEqual([0, expect.stringContaining('Database restored')]);
    expect(done1.stdout).toContain(`${listed.length} objects`);
    const migrationsRestored = await query(targetUrl, 'SELECT name FROM migrations ORDER BY id');
    // Objects keep the headers they are served with (a CDN in front of the bucket serves them as stored).
    const bucket = new S3Client({ endpoint: restoredStore.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const head = await bucket.send(new HeadObjectCommand({ Bucket: 'grouarock-restored', Key: audioKey }));
    bucket.destroy();
    expect({ contentType: head.ContentType, cacheControl: head.CacheControl }).toEqual({ contentType: 'audio/mpeg', cacheControl: listed.find((o) => o.key === audioKey)?.cacheControl });

    /** A new process on the restored database and bucket serves what the old cluster served. */
    const servesTheSame = async () => {
      restored = await startServerProcess(targetUrl, mkdtempSync(path.join(work, 'data-')), { ...restoredStore.env() });
      const api = `${restored.base}/api/v1`;
      const get = async (route: string, bearer?: string) => {
        const res = await fetch(`${api}${route}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
        return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
      };
      // Its migrations found the schema current: nothing ran at boot.
      expect(await query(targetUrl, 'SELECT name FROM migrations ORDER BY id')).toEqual(migrationsRestored);
      const signIn = await fetch(`${api}/auth/token?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      expect(signIn.status).toBe(200);
      const again = ((await signIn.json()) as { access_token: string }).access_token;
      expect(JSON.parse((await get(`/radio/${stationIds[0]}/likes`, again)).body.toString())).toEqual({ count: 1, likedByMe: true });
      expect(playlistOf(JSON.parse((await get(`/playlists/${playlistId}`, again)).body.toString()))).toEqual(playlistBefore);
      expect(sha((await get(`/studio/tracks/${trackId}/audio`, again)).body)).toBe(sha(audio));
      const replayAfter = (await get(`/live/${streamId}/index.m3u8`)).body.toString();
      expect(replayAfter.match(/seg-\d+\.ts/g)).toEqual(segments);
      expect(replayAfter).toContain('#EXT-X-ENDLIST');
      for (const segment of segments) expect([segment, sha((await get(`/live/${streamId}/${segment}`)).body)]).toEqual([segment, segmentHashes[segment]]);
      await restored.stop();
      restored = undefined;
    };
    await servesTheSame();

    // --force restores over a database and bucket in use (here, the restored ones) in one transaction.
    const forced = await runScript('restore', [backup, '--force'], targetSettings);
    expect([forced.code, forced.stderr]).toEqual([0, expect.stringContaining('--force: restoring over what is there')]);
    await servesTheSame();
  }, 240_000);
});
