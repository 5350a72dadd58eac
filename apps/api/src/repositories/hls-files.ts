import { Inject, Injectable } from '@nestjs/common';
import { appendFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/config';

/**
 * The streams' HLS files under DATA_DIR/live/<stream id>/ (docs/live.md, "Files"): what ffmpeg writes
 * (`ffmpeg.m3u8`, `seg-N.ts`), the playlist we serve (`index.m3u8`, replaced whole, never half written) and the
 * journal of every segment so far (`segments.txt`), from which the replay is made. Every API process sharing
 * DATA_DIR serves them; object storage behind a CDN would take this class's place (README, "Live streaming").
 */
@Injectable()
export class HlsFiles {
  readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = path.join(config.dataDir, 'live');
  }

  /** The stream's folder; `id` is a uuid the caller has checked. */
  dirOf(id: string): string {
    return path.join(this.root, id);
  }

  async create(id: string): Promise<string> {
    const dir = this.dirOf(id);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** ffmpeg's current playlist, or undefined before its first one. */
  async readPackagerPlaylist(id: string): Promise<string | undefined> {
    return readFile(path.join(this.dirOf(id), 'ffmpeg.m3u8'), 'utf8').catch(() => undefined);
  }

  /** The playlist viewers get: written beside and renamed into place, so no reader sees half of it. */
  async publishPlaylist(id: string, text: string): Promise<void> {
    const file = path.join(this.dirOf(id), 'index.m3u8');
    await writeFile(`${file}.tmp`, text);
    await rename(`${file}.tmp`, file);
  }

  async readPlaylist(id: string): Promise<string | undefined> {
    return readFile(path.join(this.dirOf(id), 'index.m3u8'), 'utf8').catch(() => undefined);
  }

  async appendJournal(id: string, text: string): Promise<void> {
    await appendFile(path.join(this.dirOf(id), 'segments.txt'), text);
  }

  async readJournal(id: string): Promise<string> {
    return readFile(path.join(this.dirOf(id), 'segments.txt'), 'utf8').catch(() => '');
  }

  /** When the journal last grew (a segment was written), or undefined without one. */
  async lastSegmentAt(id: string): Promise<Date | undefined> {
    return (await stat(path.join(this.dirOf(id), 'segments.txt')).catch(() => undefined))?.mtime;
  }

  /** The absolute path of a segment file; `name` must already match SEGMENT_NAME. */
  segmentPath(id: string, name: string): string {
    return path.join(this.dirOf(id), name);
  }

  async remove(id: string): Promise<void> {
    await rm(this.dirOf(id), { recursive: true, force: true });
  }
}
