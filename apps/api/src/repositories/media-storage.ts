import type { OnModuleInit } from '@nestjs/common';
import type { Readable } from 'node:stream';

/** A stored file's key: folders and a name of letters, digits, `-`, `_` and `.`, never `..`. */
const KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/i;

/** The key, checked: a caller's mistake here must never reach a path or another bucket's key. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').includes('..')) throw new Error(`Not a media key: ${key}`);
  return key;
}

/** Inclusive byte offsets, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** The bytes `body` holds: the whole size, or the range's length. */
  length: number;
}

export interface StoredEntry {
  key: string;
  lastModified: Date;
}

/** Written as the media are served: the type, and how long a cache may keep them. */
export interface PutOptions {
  contentType?: string;
  cacheControl?: string;
}

/** The store did not answer, or refused us: the request can be tried again later (a 503, never a 404 or a 500). */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * Every media file the product keeps (studio tracks and covers, live playlists, segments and replays), by key, in
 * one place every API process reads: the local folder DATA_DIR/media (the embedded default) or an S3-compatible
 * bucket (docs/operations.md, "Media storage"). The Nest token; the module provides the implementation the
 * configuration names.
 */
export abstract class MediaStorage implements OnModuleInit {
  /** A store that does not answer with its settings stops the boot (main.ts prints the ConfigError's one line). */
  async onModuleInit(): Promise<void> {
    await this.check();
  }

  /** Writes a whole file: readers see the old one or the new one, never half of it. */
  abstract put(key: string, data: Buffer | string, options?: PutOptions): Promise<void>;

  /** Moves a finished local file into the store (a rename on the same disk, an upload otherwise); the local file is gone after. */
  abstract moveIn(key: string, file: string, options?: PutOptions): Promise<void>;

  /** The file, or the given range of it; undefined when there is none. */
  abstract get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;

  /** The file's size, or undefined when there is none. */
  abstract size(key: string): Promise<number | undefined>;

  /** Removes a file, and every file under `key/`; nothing there is fine. */
  abstract remove(key: string): Promise<void>;

  /** Every file under `prefix/`, with when it was written. */
  abstract list(prefix: string): AsyncIterable<StoredEntry>;

  /** At boot: the store answers with these settings, or a ConfigError names the one that is wrong. */
  abstract check(): Promise<void>;

  /**
   * A URL of the store itself that lets anyone GET the file (with Range) for `seconds`, then no more: an S3 presigned
   * URL. Undefined for a store without URLs of its own (the local folder): the API serves the file.
   */
  presignedGet(key: string, seconds: number): Promise<string | undefined> {
    void key;
    void seconds;
    return Promise.resolve(undefined);
  }

  /** The whole file as text, or undefined when there is none. */
  async readText(key: string): Promise<string | undefined> {
    const found = await this.get(key);
    if (!found) return undefined;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of found.body) chunks.push(chunk as Buffer);
    } catch (e) {
      // The store began to answer and stopped (a connection aborted mid-file): as unavailable as one that never answered.
      throw new StorageUnavailableError(`The media store failed reading ${key}: ${(e as Error).message}`, { cause: e });
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
