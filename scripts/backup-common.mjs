// What `npm run backup` (scripts/backup.mjs) and `npm run restore` (scripts/restore.mjs) share: the installation's
// settings as the server reads them, the PostgreSQL client tools, the database's tables, and the media store (an S3
// bucket or DATA_DIR/media). docs/operations.md, "Backup and restore", says how they are used.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import pg from 'pg';

/** The backup format written by this version; restore refuses another. */
export const FORMAT = { name: 'grouarock-backup', version: 1 };
/** Files of a backup folder. The manifest is written last: a folder without it is not a backup. */
export const FILES = { manifest: 'manifest.json', database: 'database.dump', objects: 'objects.jsonl', media: 'media' };

/** A failure the operator can act on: the script prints its message as one line and exits 1. */
export class OperatorError extends Error {}

/**
 * Runs `main`, turning any failure into one line on stderr and exit code 1. The process exits when `main` is done:
 * a connection or socket left open on a failure must not keep a failed backup hanging.
 */
export async function runScript(name, main) {
  try {
    await main();
    process.exit(0);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`${name} failed: ${message.replace(/\s*\n\s*/g, ' | ')}\n`);
    process.exit(1);
  }
}

/** Progress for the operator; stdout stays for the result. */
export const progress = (line) => process.stderr.write(`${line}\n`);

export function formatBytes(n) {
  if (n < 1000) return `${n} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = -1;
  do {
    value /= 1000;
    unit++;
  } while (value >= 1000 && unit < units.length - 1);
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** `1 object`, `2 objects`. */
export const count = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A setting as the server reads it (core/config/config.ts): trimmed, and empty counts as unset. */
function setting(env, name) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/**
 * An on/off setting's value as the server reads it (core/config/switch.ts, whose words these are: the API's config.spec.ts
 * checks that both read every word alike): 1/0, true/false, yes/no or on/off, trimmed, in any case; undefined otherwise.
 */
export function parseSwitch(value) {
  const word = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(word)) return true;
  if (['0', 'false', 'no', 'off'].includes(word)) return false;
  return undefined;
}

/** An on/off setting, `byDefault` when unset; a value the server would refuse is refused with the server's words. */
function switchSetting(env, name, byDefault) {
  const value = setting(env, name);
  if (value === undefined) return byDefault;
  const on = parseSwitch(value);
  if (on === undefined) throw new OperatorError(`${name} must be 1/0, true/false, yes/no or on/off (any case), got "${value}"`);
  return on;
}

/**
 * The database, from the server's settings: DATABASE_URL, or the embedded server a running `npm start` serves on
 * DATA_DIR/postgres (its port is in the cluster's postmaster.pid, its password beside the cluster, as
 * EmbeddedDatabase.runningUrl reads them). The embedded server lives only while the app runs, so it must be running.
 */
export function databaseUrl(env = process.env) {
  const url = setting(env, 'DATABASE_URL');
  if (url) return url;
  const databaseDir = path.join(dataDir(env), 'postgres');
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const passwordFile = `${databaseDir}.password`;
  const notRunning = new OperatorError(
    `DATABASE_URL is not set and no embedded PostgreSQL is running on ${databaseDir}: start the app on this DATA_DIR (npm start) and run this while it runs, or set DATABASE_URL`,
  );
  if (!existsSync(pidFile) || !existsSync(passwordFile)) throw notRunning;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) throw notRunning;
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function dataDir(env) {
  return path.resolve(setting(env, 'DATA_DIR') ?? '.data');
}

/** The URL without its password, for messages. */
export function describeUrl(url) {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** An open connection to the database, with what both scripts ask of it. */
export async function connect(url) {
  const client = new pg.Client({ connectionString: url, application_name: 'grouarock-backup' });
  try {
    await client.connect();
  } catch (e) {
    throw new OperatorError(`cannot connect to ${describeUrl(url)}: ${e.message}`);
  }
  const version = (await client.query('SHOW server_version')).rows[0].server_version;
  return {
    client,
    /** e.g. "15.18"; and its major version, which decides the client tools. */
    version: version.split(' ')[0],
    major: Number(/^(\d+)/.exec(version)[1]),
    close: () => client.end().catch(() => undefined),
  };
}

/**
 * Every table of the database's own schemas (the app's `public`, pg-boss's `pgboss`), with its rows: a partitioned
 * table counts its partitions' rows once, and they are not listed themselves.
 */
export async function tableCounts(client) {
  const { rows } = await client.query(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1, 2`,
  );
  const counts = {};
  for (const { schema, name } of rows) {
    const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    counts[`${schema}.${name}`] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  }
  return counts;
}

/** The migrations TypeORM has run (its `migrations` table), in the order they ran; undefined without the table. */
export async function migrations(client) {
  const { rows } = await client.query(`SELECT to_regclass('public.migrations') IS NOT NULL AS present`);
  if (!rows[0].present) return undefined;
  return (await client.query('SELECT name FROM public.migrations ORDER BY id')).rows.map((r) => r.name);
}

/** The major version a PostgreSQL tool reports (`pg_dump (PostgreSQL) 15.18 (Debian …)`), or undefined. */
function toolVersion(file) {
  const out = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const match = out.status === 0 ? /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(out.stdout) : null;
  return match ? { file, version: `${match[1]}${match[2] ?? ''}`, major: Number(match[1]) } : undefined;
}

/**
 * Where PostgreSQL client tools usually are: Debian's and PGDG's /usr/lib/postgresql/N/bin, RPM's /usr/pgsql-N/bin,
 * then PATH. Debian's /usr/bin/pg_dump is pg_wrapper, which picks a version by rules of its own: the versioned
 * folders come first and the wrapper is skipped, so the version we check is the one that runs.
 */
function toolFolders(env) {
  const versioned = (parent, pattern) =>
    existsSync(parent)
      ? readdirSync(parent)
          .filter((name) => pattern.test(name))
          .map((name) => path.join(parent, name, 'bin'))
      : [];
  const onPath = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...new Set([...versioned('/usr/lib/postgresql', /^\d+$/), ...versioned('/usr', /^pgsql-\d+$/), ...onPath])];
}

const isWrapper = (file) => path.basename(realpathSync(file)) === 'pg_wrapper';

/**
 * The `tool` (pg_dump or pg_restore) to use: PG_BIN's when set, else the newest found. PostgreSQL's tools refuse a
 * server newer than themselves (pg_dump aborts on a version mismatch) and cannot read archives of a newer pg_dump, so
 * its major version must be at least `needed` (the server's, and for pg_restore the archive's too).
 */
export function findTool(tool, needed, why, env = process.env) {
  const pgBin = setting(env, 'PG_BIN');
  const candidates = (pgBin ? [pgBin] : toolFolders(env)).map((folder) => path.join(folder, tool)).filter((file) => existsSync(file) && !isWrapper(file));
  const found = candidates.map(toolVersion).filter(Boolean);
  const where = pgBin ? `PG_BIN (${pgBin})` : '/usr/lib/postgresql/*/bin or PATH';
  const advice =
    `install the PostgreSQL ${needed} client tools (postgresql-client-${needed}: Debian 12 has 15, newer ones come from the PostgreSQL ` +
    `project's apt repository) or run this where they are; PG_BIN names their bin folder`;
  if (!found.length) throw new OperatorError(`no ${tool} in ${where}; ${why} needs ${tool} ${needed} or newer: ${advice}`);
  // The newest, and of equals the first found (a versioned folder before PATH).
  const newest = found.reduce((a, b) => (b.major > a.major ? b : a));
  if (newest.major < needed) {
    throw new OperatorError(`${tool} ${newest.version} (${newest.file}) is too old: ${why} needs ${tool} ${needed} or newer; ${advice}`);
  }
  return newest;
}

/**
 * Starts a PostgreSQL tool, on `url` when given: the password goes in PGPASSWORD, not on the command line, where any
 * account on the machine could read it. `done` rejects with the tool's last words.
 */
export function startTool(tool, args, url, { stdin = 'ignore', stdout = 'ignore' } = {}) {
  let connection = [];
  let password = '';
  if (url) {
    const parsed = new URL(url);
    password = decodeURIComponent(parsed.password);
    parsed.password = '';
    connection = [`--dbname=${parsed.toString()}`];
  }
  const child = spawn(tool.file, [...args, ...connection], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), LC_ALL: 'C' },
    stdio: [stdin, stdout, 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d) => (errors = (errors + d.toString()).slice(-4000)));
  const done = new Promise((resolve, reject) => {
    child.once('error', (e) => reject(new OperatorError(`${tool.file} did not run: ${e.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const said = errors.trim().split('\n').filter(Boolean).slice(-3).join(' | ');
      reject(new OperatorError(`${path.basename(tool.file)} ended with ${signal ?? `code ${code}`}: ${said || 'no message'}`));
    });
  });
  return { child, done };
}

/** Runs a PostgreSQL tool on `url` to its end (see startTool). */
export const runTool = (tool, args, url) => startTool(tool, args, url).done;

/** The sha256 of a file, read as a stream. */
export async function fileSha256(file) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * A key as a path under a backup's media folder. The app's keys are folders and names (media-storage.ts); anything a
 * file system could read otherwise (an empty segment, `.` or `..`) is refused rather than written somewhere else.
 */
export function keyPath(folder, key) {
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\0') || s.includes('\\'))) {
    throw new OperatorError(`the object key ${JSON.stringify(key)} cannot be kept as a file`);
  }
  return path.join(folder, ...segments);
}

/** Runs `work` on every item of `items` (an async iterable), `limit` at a time. */
export async function eachLimited(items, limit, work) {
  const running = new Set();
  let failure;
  for await (const item of items) {
    if (failure) break;
    const task = work(item).then(
      () => running.delete(task),
      (e) => {
        failure ??= e;
        running.delete(task);
      },
    );
    running.add(task);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure;
}

/**
 * The media store the server's settings name: the S3 bucket (S3_BUCKET and the other S3_* settings, as
 * s3-media-storage.ts reads them) or, without S3_BUCKET, the folder DATA_DIR/media (local-media-storage.ts).
 */
export function openMediaStore(env = process.env) {
  const bucket = setting(env, 'S3_BUCKET');
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].find((name) => setting(env, name));
    if (stray) throw new OperatorError(`${stray} is set but S3_BUCKET is not (the server refuses that too)`);
    return localStore(path.join(dataDir(env), 'media'));
  }
  const accessKeyId = setting(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = setting(env, 'S3_SECRET_ACCESS_KEY');
  return s3Store({
    bucket,
    endpoint: setting(env, 'S3_ENDPOINT')?.replace(/\/+$/, ''),
    region: setting(env, 'S3_REGION') ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: switchSetting(env, 'S3_FORCE_PATH_STYLE', false),
  });
}

/** A file the local store is still writing (`<file>.<pid>.partial`, renamed into place when complete). */
const PARTIAL = /\.\d+\.partial$/;

function localStore(root) {
  return {
    describe: `the folder ${root}`,
    async *list() {
      const walk = async function* (dir, prefix) {
        const entries = await readdir(dir, { withFileTypes: true }).catch((e) => {
          if (e.code === 'ENOENT') return [];
          throw e;
        });
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          const key = prefix ? `${prefix}/${entry.name}` : entry.name;
          if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
          else if (entry.isFile() && !PARTIAL.test(entry.name)) yield { key };
        }
      };
      yield* walk(root, '');
    },
    async read(key) {
      const file = keyPath(root, key);
      // Deleted since it was listed (a user deleted a track): no longer part of the store.
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      return { body: createReadStream(file), size: found.size };
    },
    async write(key, source) {
      const file = keyPath(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Copied beside its place and renamed in, as the server writes, so the server never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      await copyFile(source, partial);
      await rename(partial, file);
    },
    async firstKey() {
      for await (const { key } of this.list()) return key;
      return undefined;
    },
    close() {},
  };
}

function s3Store(settings) {
  // The SDK warns on Node 20 that its releases after January 2027 will need Node 22: seven lines about a future
  // upgrade in the middle of an operator's progress, on every run. The installed SDK runs on Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // As the server's client: stores other than AWS do not all take the newer trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 5,
  });
  const name = `the bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  const failed = (e, doing) => {
    const detail = e instanceof S3ServiceException ? `${e.name} (${e.$metadata.httpStatusCode ?? 'no status'})` : e.message;
    return new OperatorError(`${name} failed ${doing}: ${detail}`);
  };
  const page = async (token) => {
    try {
      return await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
    } catch (e) {
      throw failed(e, 'listing its objects');
    }
  };
  return {
    describe: name,
    async *list() {
      let token;
      do {
        const found = await page(token);
        for (const object of found.Contents ?? []) {
          // A folder marker some tools make ("live/", no bytes): no file of the app, nothing to keep.
          if (object.Key && !(object.Key.endsWith('/') && !object.Size)) yield { key: object.Key };
        }
        token = found.IsTruncated ? found.NextContinuationToken : undefined;
      } while (token);
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return { body: out.Body, size: out.ContentLength, contentType: out.ContentType, cacheControl: out.CacheControl };
      } catch (e) {
        // Deleted since it was listed: no longer part of the store.
        if (e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404)) return undefined;
        throw failed(e, `reading ${key}`);
      }
    },
    async write(key, source, { contentType, cacheControl } = {}) {
      try {
        // Served with these headers by a CDN in front of the bucket (MEDIA_PUBLIC_URL): they are restored as stored.
        await new Upload({
          client,
          params: { Bucket: settings.bucket, Key: key, Body: createReadStream(source), ContentType: contentType, CacheControl: cacheControl },
          partSize: 8 * 1024 * 1024,
          queueSize: 4,
          leavePartsOnError: false,
        }).done();
      } catch (e) {
        throw failed(e, `storing ${key}`);
      }
    },
    async firstKey() {
      // One page (up to 1,000 keys): s3rver, which the tests use, fails on MaxKeys=1.
      return (await page()).Contents?.[0]?.Key;
    },
    close: () => client.destroy(),
  };
}

/** The manifest of the backup in `folder`; refuses a folder that is not a complete backup of this format. */
export function readManifest(folder) {
  const file = path.join(folder, FILES.manifest);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new OperatorError(`${folder} is not a folder`);
  if (!existsSync(file)) {
    throw new OperatorError(`${folder} is not a complete backup: it has no ${FILES.manifest} (a backup writes it last, once everything else is in)`);
  }
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new OperatorError(`${file} is not readable JSON: ${e.message}`);
  }
  if (manifest.format !== FORMAT.name || manifest.version !== FORMAT.version) {
    throw new OperatorError(`${file} is not a ${FORMAT.name} manifest of version ${FORMAT.version}`);
  }
  return manifest;
}
