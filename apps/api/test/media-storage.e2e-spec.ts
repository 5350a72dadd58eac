import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError } from '../src/core/config/config';
import { LocalMediaStorage } from '../src/repositories/local-media-storage';
import { type MediaStorage, StorageUnavailableError } from '../src/repositories/media-storage';
import { S3MediaStorage } from '../src/repositories/s3-media-storage';
import { createTestDatabase } from './support/database';
import { LocalObjectStore } from './support/object-store';
import { startServerProcess } from './support/server-process';

async function bytesOf(store: MediaStorage, key: string, range?: { start: number; end: number }): Promise<Buffer | undefined> {
  const found = await store.get(key, range);
  if (!found) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  const all = Buffer.concat(chunks);
  expect(all.length).toBe(found.length);
  return all;
}

async function keysUnder(store: MediaStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of store.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

const s3 = new LocalObjectStore(['grouarock-media']);
beforeAll(() => s3.start());
afterAll(() => s3.stop());

function s3Store(overrides: Partial<{ bucket: string; keyId: string; endpoint: string }> = {}): S3MediaStorage {
  const env = s3.env();
  return new S3MediaStorage({
    endpoint: overrides.endpoint ?? env.S3_ENDPOINT,
    bucket: overrides.bucket ?? env.S3_BUCKET,
    region: env.S3_REGION,
    credentials: { accessKeyId: overrides.keyId ?? env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    forcePathStyle: true,
  });
}

const kinds: [string, () => MediaStorage][] = [
  ['the local folder', () => new LocalMediaStorage(path.join(mkdtempSync(path.join(tmpdir(), 'grouarock-media-')), 'media'))],
  ['an S3 bucket through the AWS SDK', () => s3Store()],
];

describe.each(kinds)('media in %s', (_name, make) => {
  let store: MediaStorage;
  beforeAll(async () => {
    store = make();
    await store.check();
  });

  it('stores, reads whole and by range, sizes, lists and removes a folder of files', async () => {
    const audio = randomBytes(300_000);
    await store.put('studio/g1/track-1.mp3', audio, { contentType: 'audio/mpeg' });
    await store.put('studio/g1/cover-1.svg', '<svg/>');
    expect(await bytesOf(store, 'studio/g1/track-1.mp3')).toEqual(audio);
    expect(await bytesOf(store, 'studio/g1/track-1.mp3', { start: 1000, end: 1999 })).toEqual(audio.subarray(1000, 2000));
    expect(await store.size('studio/g1/track-1.mp3')).toBe(300_000);
    expect(await store.readText('studio/g1/cover-1.svg')).toBe('<svg/>');
    expect(await keysUnder(store, 'studio/g1')).toEqual(['studio/g1/cover-1.svg', 'studio/g1/track-1.mp3']);

    await store.remove('studio/g1');
    expect(await store.get('studio/g1/track-1.mp3')).toBeUndefined();
    expect(await store.size('studio/g1/cover-1.svg')).toBeUndefined();
    expect(await keysUnder(store, 'studio/g1')).toEqual([]);
  });

  it('moves a finished local file in (the local one is gone) and replaces a file whole', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'grouarock-scratch-'));
    const segment = randomBytes(50_000);
    writeFileSync(path.join(scratch, 'seg-0.ts'), segment);
    await store.moveIn('live/s1/seg-0.ts', path.join(scratch, 'seg-0.ts'), { contentType: 'video/mp2t' });
    expect(existsSync(path.join(scratch, 'seg-0.ts'))).toBe(false);
    expect(await bytesOf(store, 'live/s1/seg-0.ts')).toEqual(segment);

    await store.put('live/s1/index.m3u8', '#EXTM3U\n#1');
    await store.put('live/s1/index.m3u8', '#EXTM3U\n#2');
    expect(await store.readText('live/s1/index.m3u8')).toBe('#EXTM3U\n#2');
    await store.remove('live/s1');
    expect(await keysUnder(store, 'live/s1')).toEqual([]);
  });

  it('takes a file larger than one upload part (a multipart upload in S3) whole', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'grouarock-scratch-'));
    const big = randomBytes(17 * 1024 * 1024);
    writeFileSync(path.join(scratch, 'replay.ts'), big);
    await store.moveIn('live/s2/seg-9.ts', path.join(scratch, 'replay.ts'));
    expect(await store.size('live/s2/seg-9.ts')).toBe(big.length);
    expect((await bytesOf(store, 'live/s2/seg-9.ts'))!.equals(big)).toBe(true);
    await store.remove('live/s2');
  });

  it('refuses keys that could leave the store', async () => {
    await expect(store.put('../escape', 'x')).rejects.toThrow('Not a media key');
    await expect(store.get('studio/../../etc/passwd')).rejects.toThrow('Not a media key');
  });
});

describe('an S3 store that is wrong or away', () => {
  it('names the setting that is wrong at boot', async () => {
    const noBucket = await s3Store({ bucket: 'no-such-bucket' }).check().catch((e: unknown) => e);
    expect(noBucket).toBeInstanceOf(ConfigError);
    expect((noBucket as ConfigError).variable).toBe('S3_BUCKET');
    const badKey = await s3Store({ keyId: 'NOT-A-KEY' }).check().catch((e: unknown) => e);
    expect(badKey).toBeInstanceOf(ConfigError);
    expect((badKey as ConfigError).variable).toBe('S3_ACCESS_KEY_ID');
    const away = await s3Store({ endpoint: 'http://127.0.0.1:9' }).check().catch((e: unknown) => e);
    expect((away as ConfigError).variable).toBe('S3_ENDPOINT');
  });

  it('stops the built server at boot with one line naming the setting', async () => {
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-data-'));
    try {
      const failed = await startServerProcess(db.url, dataDir, { ...s3.env(), S3_BUCKET: 'no-such-bucket' }).then(
        () => 'started',
        (e: Error) => e.message,
      );
      expect(failed).toContain('Configuration error: S3_BUCKET names a bucket the store does not have: no-such-bucket');
    } finally {
      await db.drop();
    }
  });

  it('fails reads and writes as unavailable (a 503 for the caller), never as missing', async () => {
    const store = s3Store({ endpoint: 'http://127.0.0.1:9' });
    await expect(store.get('studio/x/track-1.mp3')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(store.put('studio/x/track-1.mp3', 'x')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('the local folder', () => {
  it('takes over the replays an older version kept in DATA_DIR/live', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-data-'));
    mkdirSync(path.join(dataDir, 'live', 'abc'), { recursive: true });
    writeFileSync(path.join(dataDir, 'live', 'abc', 'index.m3u8'), '#EXTM3U');
    const store = new LocalMediaStorage(path.join(dataDir, 'media'));
    expect(readFileSync(store.pathOf('live/abc/index.m3u8'), 'utf8')).toBe('#EXTM3U');
  });
});
