import { createReadStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ByteRange, checkedKey, MediaStorage, type StoredEntry, type StoredObject } from './media-storage';

/**
 * Media in a local folder (DATA_DIR/media): the embedded default, nothing to configure. Every API process that
 * shares the folder serves every file; processes on separate disks need the S3 store instead.
 */
export class LocalMediaStorage extends MediaStorage {
  constructor(readonly root: string) {
    super();
    // Before media shared one store, live streams were kept beside it in DATA_DIR/live: their replays move in once.
    const legacyLive = path.join(path.dirname(root), 'live');
    if (existsSync(legacyLive) && !existsSync(path.join(root, 'live'))) {
      mkdirSync(root, { recursive: true });
      renameSync(legacyLive, path.join(root, 'live'));
    }
  }

  async put(key: string, data: Buffer | string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
  }

  async moveIn(key: string, source: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await rename(source, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      // Another disk: copied beside its place and renamed in, so a reader never sees half of it.
      const partial = `${file}.${process.pid}.partial`;
      await copyFile(source, partial);
      await rename(partial, file);
      await unlink(source);
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    const found = await stat(file).catch(() => undefined);
    if (!found?.isFile()) return undefined;
    const body = createReadStream(file, range);
    return { body, length: range ? range.end - range.start + 1 : found.size };
  }

  async size(key: string): Promise<number | undefined> {
    const found = await stat(this.pathOf(key)).catch(() => undefined);
    return found?.isFile() ? found.size : undefined;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    const walk = async function* (dir: string, keyPrefix: string): AsyncIterable<StoredEntry> {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const key = `${keyPrefix}/${entry.name}`;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
        else if (entry.isFile()) {
          // Removed since the folder was read: it is no longer there to list.
          const found = await stat(path.join(dir, entry.name)).catch(() => undefined);
          if (found) yield { key, lastModified: found.mtime };
        }
      }
    };
    yield* walk(this.pathOf(prefix), prefix);
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  /** Where a key's file is on disk. */
  pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }
}
