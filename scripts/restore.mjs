#!/usr/bin/env node
// `npm run restore -- <folder> [--force]`: a backup of `npm run backup` into the database and media store the
// server's settings name (DATABASE_URL or the embedded database of a running `npm start`; S3_* or DATA_DIR/media).
// Both must be empty (--force restores over what is there: the database's schemas replaced; objects replaced by key,
// others left for the hourly sweeps). The whole backup is checked against its manifest (every sha256) before anything
// changes, so a damaged one changes nothing; then PostgreSQL (pg_restore --no-owner --no-acl, in one transaction),
// then the objects. The server's migrations find the schema current at its next boot (docs/operations.md, "Backup and
// restore").
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  connect,
  count,
  databaseUrl,
  describeUrl,
  eachLimited,
  fileSha256,
  FILES,
  findTool,
  formatBytes,
  keyPath,
  migrations,
  openMediaStore,
  OperatorError,
  progress,
  readManifest,
  runScript,
  runTool,
  seconds,
  startTool,
  tableCounts,
} from './backup-common.mjs';

const PARALLEL = 4;

function options() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const unknown = args.find((a) => a.startsWith('--') && a !== '--force');
  if (unknown) throw new OperatorError(`unknown option ${unknown}; usage: npm run restore -- <backup folder> [--force]`);
  const named = args.find((a) => !a.startsWith('--')) ?? process.env.BACKUP_DIR?.trim();
  if (!named) throw new OperatorError('name the backup folder: npm run restore -- <backup folder> [--force] (or set BACKUP_DIR)');
  return { folder: path.resolve(named), force };
}

/** The objects the backup lists, line by line (a bucket's list may be larger than memory wants at once). */
async function* listed(folder) {
  const lines = createInterface({ input: createReadStream(path.join(folder, FILES.objects)), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line);
}

/** Every file of the backup against the manifest, before anything is changed. */
async function check(folder, manifest) {
  const started = Date.now();
  const damaged = (what, detail) => new OperatorError(`the backup in ${folder} is damaged: ${what} ${detail}; nothing was restored`);
  const dump = path.join(folder, FILES.database);
  if (!existsSync(dump)) throw damaged(FILES.database, 'is missing');
  if ((await fileSha256(dump)) !== manifest.database.sha256) throw damaged(FILES.database, 'does not have the sha256 of the manifest');
  const list = path.join(folder, FILES.objects);
  if (!existsSync(list)) throw damaged(FILES.objects, 'is missing');
  if ((await fileSha256(list)) !== manifest.media.listSha256) throw damaged(FILES.objects, 'does not have the sha256 of the manifest');
  let objects = 0;
  await eachLimited(listed(folder), PARALLEL, async ({ key, size, sha256 }) => {
    const file = keyPath(path.join(folder, FILES.media), key);
    const found = await stat(file).catch(() => undefined);
    if (!found?.isFile()) throw damaged(`${FILES.media}/${key}`, 'is missing');
    if (found.size !== size) throw damaged(`${FILES.media}/${key}`, `has ${found.size} bytes, the manifest says ${size}`);
    if ((await fileSha256(file)) !== sha256) throw damaged(`${FILES.media}/${key}`, 'does not have the sha256 of the manifest');
    objects++;
  });
  if (objects !== manifest.media.objects) throw damaged(FILES.objects, `lists ${objects} objects, the manifest says ${manifest.media.objects}`);
  progress(`Checked the backup: ${FILES.database} and ${count(objects, 'object')} match the manifest (${seconds(started)})`);
}

/**
 * --force on a database that is not empty: its schemas are dropped and the backup restored in the same transaction
 * (pg_restore's SQL run by psql), so a failure leaves it as it was. pg_restore --clean cannot do this: it drops object
 * by object, and pg-boss's partitioned job table refuses that ("cannot drop inherited constraint").
 */
async function restoreOver(client, pgRestore, dump, url) {
  const psql = { file: path.join(path.dirname(pgRestore.file), 'psql') };
  if (!existsSync(psql.file)) throw new OperatorError(`--force needs psql beside ${pgRestore.file}`);
  const { rows } = await client.query(`SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`);
  const drop = rows.map((r) => `DROP SCHEMA ${client.escapeIdentifier(r.nspname)} CASCADE;\n`).join('') + 'CREATE SCHEMA public;\n';
  const apply = startTool(psql, ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--file=-'], url, { stdin: 'pipe' });
  const produce = startTool(pgRestore, ['--no-owner', '--no-acl', '--file=-', dump], undefined, { stdout: 'pipe' });
  // psql stopping at an error closes its input: that error is the one to report, not pg_restore's broken pipe.
  apply.child.stdin.on('error', () => undefined);
  apply.child.stdin.write(drop);
  produce.child.stdout.pipe(apply.child.stdin);
  const [applied, produced] = await Promise.allSettled([apply.done, produce.done]);
  if (applied.status === 'rejected') throw applied.reason;
  if (produced.status === 'rejected') throw produced.reason;
}

async function main() {
  const started = Date.now();
  const { folder, force } = options();
  const manifest = readManifest(folder);
  progress(`Restoring the backup of ${manifest.finishedAt} from ${folder}`);

  const url = databaseUrl();
  const store = openMediaStore();
  const db = await connect(url);
  try {
    // pg_dump's output loads into the same or a newer PostgreSQL, not an older one.
    if (db.major < manifest.database.serverMajor) {
      throw new OperatorError(
        `the backup is of PostgreSQL ${manifest.database.server} and ${describeUrl(url)} runs ${db.version}: restore into PostgreSQL ${manifest.database.serverMajor} or newer`,
      );
    }
    const pgRestore = findTool(
      'pg_restore',
      Math.max(db.major, manifest.database.pgDumpMajor),
      `restoring a pg_dump ${manifest.database.pgDump} archive into PostgreSQL ${db.version} (${describeUrl(url)})`,
    );

    // Both are looked at before either is changed, and the refusal names each that is not empty.
    const tables = Object.keys(await tableCounts(db.client));
    const firstKey = await store.firstKey();
    const occupied = [
      ...(tables.length ? [`the database ${describeUrl(url)} has ${tables.length} tables (${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''})`] : []),
      ...(firstKey ? [`${store.describe} has objects (${firstKey}, …)`] : []),
    ];
    if (occupied.length && !force) {
      throw new OperatorError(`not empty: ${occupied.join('; ')}. Restore into an empty database and store, or pass --force to restore over them`);
    }
    if (occupied.length) progress(`--force: restoring over what is there (${occupied.join('; ')})`);
    await check(folder, manifest);

    const dbStarted = Date.now();
    progress(`Restoring ${FILES.database} into ${describeUrl(url)} (PostgreSQL ${db.version}) with ${pgRestore.file} (${pgRestore.version})`);
    const dump = path.join(folder, FILES.database);
    // No owners or grants: the target's roles need not be the source's, and the user of DATABASE_URL owns what it
    // restores. One transaction: a restore that fails leaves the database as it was.
    if (tables.length) await restoreOver(db.client, pgRestore, dump, url);
    else await runTool(pgRestore, ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', dump], url);
    // What the server's migrations will read at boot, and every table's rows, as the backup's snapshot had them.
    const ran = await migrations(db.client);
    if (JSON.stringify(ran) !== JSON.stringify(manifest.database.migrations)) {
      throw new OperatorError(`the restored database lists other migrations than the backup (${ran?.length ?? 0} against ${manifest.database.migrations.length})`);
    }
    const counts = await tableCounts(db.client);
    for (const [table, rows] of Object.entries(manifest.database.tables)) {
      if (counts[table] !== rows) throw new OperatorError(`the restored table ${table} has ${counts[table] ?? 'no'} rows, the backup ${rows}`);
    }
    progress(`Database restored in ${seconds(dbStarted)}: ${ran.length} migrations (last ${ran.at(-1)}), ${Object.keys(counts).length} tables`);

    const mediaStarted = Date.now();
    progress(`Restoring ${count(manifest.media.objects, 'object')} into ${store.describe}`);
    let restored = 0;
    let bytes = 0;
    let reported = Date.now();
    await eachLimited(listed(folder), PARALLEL, async (object) => {
      await store.write(object.key, keyPath(path.join(folder, FILES.media), object.key), object);
      restored++;
      bytes += object.size;
      if (Date.now() - reported > 2000) {
        reported = Date.now();
        progress(`  ${restored} of ${manifest.media.objects} objects, ${formatBytes(bytes)}`);
      }
    });
    progress(`Objects restored in ${seconds(mediaStarted)}`);

    const rows = (name) => counts[`public.${name}`] ?? 0;
    process.stdout.write(
      `Restored ${folder} (backup of ${manifest.finishedAt}) in ${seconds(started)}:\n` +
        `  database ${describeUrl(url)}: ${ran.length} migrations (last ${ran.at(-1)}), ${count(rows('users'), 'user')}, ${count(rows('station_likes'), 'like')}, ` +
        `${count(rows('playlists'), 'playlist')}, ${count(rows('studio_tracks'), 'studio track')}, ${count(rows('live_streams'), 'live stream')}\n` +
        `  media ${store.describe}: ${count(restored, 'object')}, ${formatBytes(bytes)}, each matching its sha256\n` +
        'Start the app on them: its migrations find the schema current.\n',
    );
  } finally {
    await db.close();
    store.close();
  }
}

await runScript('Restore', main);
