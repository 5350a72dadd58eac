import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/config';
import { EventBus, EventTooLargeError } from './event-bus';
import { MediaStorage, type StoredEntry } from './media-storage';
import type { RealtimeEvent } from './schema/realtime-event';

const PLAYLIST = { contentType: 'application/vnd.apple.mpegurl', cacheControl: 'no-cache' };
const SEGMENT = { contentType: 'video/mp2t', cacheControl: 'public, max-age=31536000, immutable' };

/**
 * Between API processes only (no client can subscribe: the realtime endpoint admits no such channel): a stream's
 * viewers' playlist was replaced, with its text when it fits an event, or is to be read from the store again.
 */
export const HLS_CHANNEL = 'internal.hls';

/**
 * How long a process serves a viewers' playlist it holds without hearing of a newer one. Each one written is
 * announced at once, so this bounds only what a lost announcement costs (the LISTEN connection away): two segments.
 */
export const PLAYLIST_TRUST_MS = 2000;

/** Playlists a process holds at most (one per stream its viewers watch). */
const MAX_HELD = 1000;

/**
 * The streams' HLS files (docs/live.md, "Files"). ffmpeg writes into a scratch folder of the process packaging the
 * stream (DATA_DIR/packaging/<id>: `ffmpeg.m3u8` and `seg-N.ts`); each finished segment moves into the media store
 * (`live/<id>/seg-N.ts`) before the playlist viewers get (`live/<id>/index.m3u8`, replaced whole) lists it, so any
 * API process serves a stream whichever one packages it. Every process holds the viewers' playlists its viewers ask
 * for, replaced as the packaging process announces each new one on the event bus: viewers reload it every second,
 * and reading it from the store each time was a bucket GET a viewer-second (docs/capacity.md).
 */
@Injectable()
export class HlsFiles {
  private readonly logger = new Logger('HlsFiles');
  private readonly scratch: string;
  /** The viewers' playlists held here, by stream: the text (or the read under way) and when it was known. */
  private readonly held = new Map<string, { text: Promise<string | undefined>; at: number }>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly storage: MediaStorage,
    private readonly bus: EventBus,
  ) {
    this.scratch = path.join(config.dataDir, 'packaging');
    bus.onEvent((event) => this.heard(event));
    // What was announced while LISTEN was away never arrived: every playlist is read again.
    bus.onReconnect(() => this.held.clear());
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

  /**
   * The playlist viewers get, replaced whole, then announced to every process (this one too, so that all of them
   * take the announcements in the order they were made).
   */
  async publishPlaylist(id: string, text: string): Promise<void> {
    await this.storage.put(this.keyOf(id, 'index.m3u8'), text, PLAYLIST);
    await this.announce(id, text);
  }

  /** The viewers' playlist: the one held here while it is trusted, otherwise read from the store (one read at a time). */
  async readPlaylist(id: string): Promise<string | undefined> {
    const now = Date.now();
    const held = this.held.get(id);
    if (held && now - held.at < PLAYLIST_TRUST_MS) return held.text;
    const text = this.storage.readText(this.keyOf(id, 'index.m3u8'));
    const entry = this.hold(id, text, now);
    // A failed read is not kept: the next viewer's request tries the store again.
    text.catch(() => this.held.get(id) === entry && this.held.delete(id));
    return text;
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

  /** Everything of the stream: its files in the store, and any scratch left here; no process serves its playlist after. */
  async remove(id: string): Promise<void> {
    await this.removeScratch(id);
    await this.storage.remove(`live/${id}`);
    await this.announce(id);
  }

  private scratchOf(id: string): string {
    return path.join(this.scratch, id);
  }

  /**
   * Tells every process the stream's playlist changed: with its text, or without (too big for an event, or gone), and
   * they read the store again. When the database cannot take it, this process forgets its own copy and the others'
   * run out within PLAYLIST_TRUST_MS.
   */
  private async announce(id: string, text?: string): Promise<void> {
    const event = (data: { id: string; text?: string }): RealtimeEvent => ({ channel: HLS_CHANNEL, type: 'playlist', data });
    try {
      await this.bus.publish(event({ id, text })).catch((e: unknown) => {
        if (e instanceof EventTooLargeError) return this.bus.publish(event({ id }));
        throw e;
      });
    } catch (e) {
      this.held.delete(id);
      this.logger.warn(`Announcing the playlist of ${id} failed: ${(e as Error).message}`);
    }
  }

  /**
   * An announcement from any process (anyone with database access can send one: its shape is checked). Only a
   * playlist this process holds is replaced: one its viewers never asked for stays out, so it never pushes theirs out.
   */
  private heard(event: RealtimeEvent): void {
    if (event.channel !== HLS_CHANNEL || event.type !== 'playlist') return;
    const { id, text } = event.data;
    if (typeof id !== 'string' || !this.held.has(id)) return;
    if (typeof text === 'string') this.hold(id, Promise.resolve(text), Date.now());
    else this.held.delete(id);
  }

  private hold(id: string, text: Promise<string | undefined>, at: number): { text: Promise<string | undefined>; at: number } {
    if (!this.held.has(id) && this.held.size >= MAX_HELD) this.held.delete(this.held.keys().next().value!);
    const entry = { text, at };
    this.held.set(id, entry);
    return entry;
  }
}
