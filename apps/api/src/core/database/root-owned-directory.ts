import { chmodSync, lstatSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes sure `dir` (and its missing parents) exists as a real directory owned by root that nobody
 * else may write to (0755), and fails otherwise. The shared places we keep PostgreSQL's binaries and
 * data in when running as root must be like that: whatever another account could plant or swap
 * there (a symlink, a doctored binary) would run as, or be written by, the database server.
 */
export function ensureRootOwnedDirectory(dir: string): void {
  const parent = path.dirname(dir);
  if (parent !== dir && !lstatSync(parent, { throwIfNoEntry: false })) ensureRootOwnedDirectory(parent);
  try {
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755); // whatever the umask
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  assertRootOwned(dir);
}

/** Fails unless `entry` is a real directory (not a symlink) owned by root and writable by root alone. */
export function assertRootOwned(entry: string): void {
  const stat = lstatSync(entry);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(`${entry} must be a directory owned by root that only root can write to; move it away and start again`);
  }
}
