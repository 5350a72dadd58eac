import { Inject, Injectable } from '@nestjs/common';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/config';
import { MediaStorage, type StoredEntry } from './media-storage';

const PLAYLIST = { contentType: 'application/vnd.apple.mpegurl', cacheControl: 'no-cache' };
const SEGMENT = { contentType: 'video/mp2t', cacheControl: 'public, max-age=31536000, immutable' };

/**
 * The streams' HLS files (docs/live.md, "Files"). ffmpeg writes into a scratch folder of the process packaging the
 * stream (DATA_DIR/packaging/<id>: `ffmpeg.m3u8` and `seg-N.ts`); each finished segment moves into the media store
 * (`live/<id>/seg-N.ts`) before the playlist viewers get (`live/<id>/index.m3u8`, replaced whole) lists it, so any
 * API process serves a stream whichever one packages it.
 */
@Injectable()
export class HlsFiles {
  private readonly scratch: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly storage: MediaStorage,
  ) {
    this.scratch = path.join(config.dataDir, 'packaging');
  }

  /** The scratch folder ffmpeg writes the stream into; `id` is a uuid the caller has checked. */
  async create(id: string): Promise<string> {
    const dir = this.scratchOf(id);
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** ffmpeg's current playlist, or undefined before its first one. */
  async readPackagerPlaylist(id: string): Promise<string | undefined> {
    return readFile(path.join(this.scratchOf(id), 'ffmpeg.m3u8'), 'utf8').catch(() => undefined);
  }

  /**
   * A segment ffmpeg finished (its playlist lists it) goes to the store as `storedName` (the stream's numbering, which
   * goes on across a publisher's reconnects, where each ffmpeg numbers from 0); both must already match SEGMENT_NAME.
   */
  async publishSegment(id: string, name: string, storedName = name): Promise<void> {
    await this.storage.moveIn(this.keyOf(id, storedName), path.join(this.scratchOf(id), name), SEGMENT);
  }

  /** The playlist viewers get, replaced whole. */
  async publishPlaylist(id: string, text: string): Promise<void> {
    await this.storage.put(this.keyOf(id, 'index.m3u8'), text, PLAYLIST);
  }

  async readPlaylist(id: string): Promise<string | undefined> {
    return this.storage.readText(this.keyOf(id, 'index.m3u8'));
  }

  /** The store's key of one of the stream's files (for serving, or a CDN's URL). */
  keyOf(id: string, name: string): string {
    return `live/${id}/${name}`;
  }

  /** The packaging is over: ffmpeg's scratch goes (what viewers need is in the store). */
  async removeScratch(id: string): Promise<void> {
    await rm(this.scratchOf(id), { recursive: true, force: true });
  }

  /** Every stream file in the store (`live/<id>/…`), for the sweep of files no stream owns. */
  listAll(): AsyncIterable<StoredEntry> {
    return this.storage.list('live');
  }

  /** Everything of the stream: its files in the store, and any scratch left here. */
  async remove(id: string): Promise<void> {
    await this.removeScratch(id);
    await this.storage.remove(`live/${id}`);
  }

  private scratchOf(id: string): string {
    return path.join(this.scratch, id);
  }
}
