import { API_PREFIX } from '../core/http/openapi';
import type { TrackRow } from '../repositories/studio.repository';
import type { MediaLinks } from './media-link';
import { TRACK_ARTIST } from './studio-options';
import type { TrackDto } from './studio.dto';

/**
 * A stored track as the API shows it: the spec's generated track, with same-origin URLs of our copies. The URLs are
 * signed links that work until `expires_at` (docs/studio.md, "Private media on expiring links"): the page asks for the
 * track again before then and gets fresh ones.
 */
export function toTrackDto(row: TrackRow, publicUrl: string, links: MediaLinks, now = Date.now()): TrackDto {
  const base = `${publicUrl}/${API_PREFIX}/studio/tracks/${row.id}`;
  const audio = links.issue({ trackId: row.id, ownerId: row.userId, kind: 'audio' }, now);
  const cover = links.issue({ trackId: row.id, ownerId: row.userId, kind: 'cover' }, now);
  return {
    id: row.id,
    title: row.title,
    artist: TRACK_ARTIST,
    duration: row.duration,
    tags: row.tags,
    audio_url: `${base}/audio?expires=${audio.expires}&sig=${audio.sig}`,
    image_url: `${base}/cover?expires=${cover.expires}&sig=${cover.sig}`,
    expires_at: audio.expiresAt.toISOString(),
    genre: row.params.genre,
    prompt: row.params.prompt,
    tool: row.params.tool,
    engine: row.engine,
    created_at: row.createdAt.toISOString(),
  };
}
