import { country } from './countries';
import type { StationDto } from './radio.dto';
import type { Station } from './station.entity';

/** A station for clients; `listeners` is the live count on our relay. */
export function toStationDto(station: Station, listeners = 0): StationDto {
  return {
    id: station.id,
    name: station.name,
    country: country(station.country),
    genres: station.genres,
    description: station.description,
    gradient: station.gradient ?? '',
    logoUrl: station.logoUrl,
    featured: station.featured,
    listeners,
    homepage: station.homepage,
    sourceUrl: station.streamUrl,
    codec: station.codec,
    program: station.program,
  };
}
