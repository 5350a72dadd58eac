import { API_PREFIX } from '../core/http/openapi';
import { country } from './countries';
import type { StationDto, StationNowPlayingDto } from './radio.dto';
import type { Station } from '../repositories/schema/station.entity';

/**
 * A station for clients; `listeners` is the live count on our relays (every API process's), `nowPlaying` what they
 * read from it now (null while nobody listens: the list never opens upstreams to find out; GET /radio/{id}/nowplaying does).
 */
export function toStationDto(station: Station, listeners = 0, nowPlaying: StationNowPlayingDto | null = null): StationDto {
  return {
    id: station.id,
    name: station.name,
    country: country(station.country),
    genre: station.genres[0],
    genres: station.genres,
    streamUrl: `/${API_PREFIX}/radio/${station.id}/stream`,
    nowPlaying,
    description: station.description,
    gradient: station.gradient ?? '',
    logoUrl: station.logoUrl,
    featured: station.featured,
    listeners,
    homepage: station.homepage,
    sourceUrl: station.streamUrl,
    codec: station.codec,
    bitrate: station.bitrate,
    hasHighQuality: station.hqStreamUrl !== null,
    highQualityBitrate: station.hqStreamUrl !== null ? station.hqBitrate : null,
    hasLossless: station.losslessStreamUrl !== null,
    plan: station.plan,
    program: station.program,
  };
}
