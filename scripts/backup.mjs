#!/usr/bin/env node
// `npm run backup [-- <folder>]`: the installation's PostgreSQL (pg_dump -Fc), then every object of its media store,
// into a new folder (the argument, else BACKUP_DIR, else backups/<UTC time>), read with the server's own settings
// (DATABASE_URL, or the embedded database of a running `npm start`; S3_* or DATA_DIR/media). The database first and
// the media after it: every file a row names is then in the backup (docs/operations.md, "Backup and restore").
// manifest.json is written last; a failed backup removes its folder, so no half backup is left looking complete.
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  connect,
  count,
  databaseUrl,
  describeUrl,
  eachLimited,
  fileSha256,
  FILES,
  findTool,
  FORMAT,
  formatBytes,
  keyPath,
  migrations,
  openMediaStore,
  OperatorError,
  progress,
  runScript,
  runTool,
  seconds,
  tableCounts,
} from './backup-common.mjs';

/** Objects copied at once: a bucket of many small live segments is bound by round trips, not bandwidth. */
const PARALLEL = 4;

function backupFolder() {
  const [named = process.env.BACKUP_DIR?.trim(), ...more] = process.argv.slice(2);
  if (named?.startsWith('-') || more.length) throw new OperatorError('usage: npm run backup [-- <new or empty folder>] (or set BACKUP_DIR)');
  if (named) return path.resolve(named);
  // A name that sorts by time and is valid on every file system (no colons).
  return path.resolve('backups', new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-'));
}

async function main() {
  const started = Date.now();
  const folder = backupFolder();
  const existed = existsSync(folder);
  if (existed && readdirSync(folder).length) throw new OperatorError(`${folder} already holds files: name a new or empty folder`);

  const url = databaseUrl();
  const store = openMediaStore();
  const db = await connect(url);
  let created = false;
  try {
    const pgDump = findTool('pg_dump', db.major, `PostgreSQL ${db.version} (${describeUrl(url)})`);
    // A store that refuses its settings does so now, not after a long dump.
    await store.firstKey();
    // The backup holds passwords' hashes and sessions: the operator's alone.
    await mkdir(folder, { recursive: true, mode: 0o700 });
    created = true;

    // What the manifest says of the database is read in the very snapshot pg_dump dumps, so restore can check that
    // it got exactly that.
    progress(`Backing up ${describeUrl(url)} (PostgreSQL ${db.version}) with ${pgDump.file} (${pgDump.version})`);
    await db.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await db.client.query('SELECT pg_export_snapshot() AS id')).rows[0].id;
    const ran = await migrations(db.client);
    if (!ran) throw new OperatorError(`${describeUrl(url)} has no migrations table: DATABASE_URL must name the app's database`);
    const tables = await tableCounts(db.client);
    const dumpFile = path.join(folder, FILES.database);
    const dumpStarted = Date.now();
    await runTool(pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpFile}`], url);
    await db.client.query('COMMIT');
    await chmod(dumpFile, 0o600);
    const dumpBytes = (await stat(dumpFile)).size;
    progress(`${FILES.database}: ${formatBytes(dumpBytes)} in ${seconds(dumpStarted)} (${ran.length} migrations, last ${ran.at(-1)})`);
    const database = {
      file: FILES.database,
      bytes: dumpBytes,
      sha256: await fileSha256(dumpFile),
      source: describeUrl(url),
      server: db.version,
      serverMajor: db.major,
      pgDump: pgDump.version,
      pgDumpMajor: pgDump.major,
      migrations: ran,
      lastMigration: ran.at(-1) ?? null,
      tables,
    };
    await db.close();

    progress(`Copying the objects of ${store.describe}`);
    const media = await copyObjects(store, folder);
    progress(`${FILES.media}/: ${count(media.objects, 'object')}, ${formatBytes(media.bytes)} in ${seconds(media.started)}`);

    const manifest = {
      format: FORMAT.name,
      version: FORMAT.version,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date().toISOString(),
      seconds: (Date.now() - started) / 1000,
      database,
      media: { source: store.describe, list: FILES.objects, listSha256: media.listSha256, objects: media.objects, bytes: media.bytes, vanished: media.vanished },
      notIncluded: 'secrets (JWT_SECRET, SECRETS_KEY or DATA_DIR/secrets-key), STATIONS_FILE, EVENTS_FILE: keep them yourself',
    };
    const partial = path.join(folder, `${FILES.manifest}.partial`);
    await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, path.join(folder, FILES.manifest));
    process.stdout.write(
      `Backed up into ${folder} in ${seconds(started)}: database ${formatBytes(dumpBytes)} (${ran.length} migrations), ` +
        `${count(media.objects, 'object')} ${formatBytes(media.bytes)}\n`,
    );
  } catch (e) {
    await db.close();
    if (created) {
      // What this run wrote goes; a folder the operator made (a mount point, say) stays, empty as it was.
      const written = existed ? readdirSync(folder).map((name) => path.join(folder, name)) : [folder];
      await Promise.all(written.map((file) => rm(file, { recursive: true, force: true })));
    }
    throw new OperatorError(`${e.message}${created ? ` (what it had written in ${folder} is removed)` : ''}`);
  } finally {
    store.close();
  }
}

/**
 * Every object of `store`, streamed into `<folder>/media/<key>` while its sha256 is taken, and listed in
 * objects.jsonl (key, size, sha256, and the Content-Type and Cache-Control it is served with).
 */
async function copyObjects(store, folder) {
  const started = Date.now();
  const mediaFolder = path.join(folder, FILES.media);
  const listFile = path.join(folder, FILES.objects);
  const list = createWriteStream(listFile, { mode: 0o600 });
  const listHash = createHash('sha256');
  const result = { started, objects: 0, bytes: 0, vanished: [] };
  let reported = Date.now();
  await eachLimited(store.list(), PARALLEL, async ({ key }) => {
    const file = keyPath(mediaFolder, key);
    const object = await store.read(key);
    if (!object) {
      // Deleted after the dump (its row too, or its row is in the dump and answers 404 after a restore, as documented).
      result.vanished.push(key);
      return;
    }
    await mkdir(path.dirname(file), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(object.body, tap, createWriteStream(file, { mode: 0o600 }));
    if (object.size !== undefined && size !== object.size) throw new OperatorError(`${key}: read ${size} bytes of ${object.size}`);
    const line = `${JSON.stringify({ key, size, sha256: hash.digest('hex'), contentType: object.contentType, cacheControl: object.cacheControl })}\n`;
    listHash.update(line);
    if (!list.write(line)) await new Promise((resolve) => list.once('drain', resolve));
    result.objects++;
    result.bytes += size;
    if (Date.now() - reported > 2000) {
      reported = Date.now();
      progress(`  ${count(result.objects, 'object')}, ${formatBytes(result.bytes)}`);
    }
  });
  await new Promise((resolve, reject) => list.end((e) => (e ? reject(e) : resolve())));
  return { ...result, listSha256: listHash.digest('hex') };
}

await runScript('Backup', main);
