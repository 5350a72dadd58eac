import { Inject, Injectable } from '@nestjs/common';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';

/** A stored file's key: folders and a name of letters, digits, `-`, `_` and `.`, never `..`. */
const KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/i;

/**
 * Files the product makes and keeps (the studio's audio and covers) under DATA_DIR/media, by key. Every API process
 * sharing DATA_DIR reads them; object storage would take this class's place (docs/studio.md, "Storage").
 */
@Injectable()
export class MediaStorage {
  readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = path.join(config.dataDir, 'media');
  }

  /** Writes the whole file beside its place and renames it in, so a reader never sees half of it. */
  async put(key: string, data: Buffer | string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
  }

  /** The file's size, or undefined when there is none. */
  async size(key: string): Promise<number | undefined> {
    return stat(this.pathOf(key)).then(
      (s) => s.size,
      () => undefined,
    );
  }

  /** Removes a file, or a folder with everything in it; nothing there is fine. */
  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { recursive: true, force: true });
  }

  /** Where a key's file is on disk, for serving it (with Range) by the web server. */
  pathOf(key: string): string {
    if (!KEY.test(key) || key.split('/').includes('..')) throw new Error(`Not a media key: ${key}`);
    return path.join(this.root, key);
  }
}
