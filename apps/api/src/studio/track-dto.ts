import { API_PREFIX } from '../core/http/openapi';
import type { TrackRow } from '../repositories/studio.repository';
import { TRACK_ARTIST } from './studio-options';
import type { TrackDto } from './studio.dto';

/** A stored track as the API shows it: the spec's generated track, with same-origin URLs of our copies. */
export function toTrackDto(row: TrackRow, publicUrl: string): TrackDto {
  const base = `${publicUrl}/${API_PREFIX}/studio/tracks/${row.id}`;
  return {
    id: row.id,
    title: row.title,
    artist: TRACK_ARTIST,
    duration: row.duration,
    tags: row.tags,
    audio_url: `${base}/audio`,
    image_url: `${base}/cover`,
    genre: row.params.genre,
    prompt: row.params.prompt,
    tool: row.params.tool,
    engine: row.engine,
    created_at: row.createdAt.toISOString(),
  };
}
