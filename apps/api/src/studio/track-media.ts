import type { PutOptions } from '../repositories/media-storage';

/** The media types of a track's files, by extension. */
const MEDIA_TYPES: Record<string, string> = { mp3: 'audio/mpeg', svg: 'image/svg+xml', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * A track's files never change (a new render gets a new generation), and both are private to their owner's signed
 * links (docs/studio.md): kept by the browser, never by a shared cache.
 */
const CACHE_CONTROL = { audio: 'private, max-age=31536000, immutable', cover: 'private, max-age=31536000, immutable' } as const;

export type TrackFileKind = keyof typeof CACHE_CONTROL;

/** The media type of a stored track file, by its key's extension. */
export function mediaTypeOf(key: string): string {
  return MEDIA_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/**
 * The headers a track's file is served with. They are also written with the file, so a CDN or a public bucket
 * serving it directly (a presigned URL) sends the same type and caching; a store keeps no other headers, so the
 * cover's Content-Security-Policy comes only from us.
 */
export function trackFileHeaders(key: string, kind: TrackFileKind): Record<string, string> {
  return { 'Content-Type': mediaTypeOf(key), 'Cache-Control': CACHE_CONTROL[kind] };
}

/** What a track's file is written to the store with (see trackFileHeaders). */
export function trackFilePutOptions(key: string, kind: TrackFileKind): PutOptions {
  return { contentType: mediaTypeOf(key), cacheControl: CACHE_CONTROL[kind] };
}
