import type { StationDto } from '@grouarock/api-client';

/** A station as GET /radio/stations sends it (a basic Polish rock station of unknown bitrate), with `over` on top. */
export function stationDto(id: string, over: Partial<StationDto> = {}): StationDto {
  return {
    id,
    name: id,
    country: { code: 'pl', name: 'Polska', flag: '🇵🇱' },
    genre: 'rock',
    genres: ['rock'],
    streamUrl: `/api/v1/radio/${id}/stream`,
    nowPlaying: null,
    description: null,
    gradient: 'linear-gradient(#000, #111)',
    logoUrl: null,
    featured: false,
    listeners: 0,
    homepage: null,
    sourceUrl: 'http://example.test/stream',
    codec: 'mp3',
    bitrate: null,
    hasHighQuality: false,
    highQualityBitrate: null,
    hasLossless: false,
    plan: 'basic',
    program: null,
    ...over,
  };
}
