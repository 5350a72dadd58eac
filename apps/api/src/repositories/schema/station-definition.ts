/** What a station is, as the catalogue (the built-in file or STATIONS_FILE) defines it: radio/catalogue.ts reads and checks it. */
export const GENRES = ['rock', 'classic-rock', 'hard-rock', 'metal', 'punk', 'alternative', 'indie', 'blues', 'jazz', 'electronic', 'pop', 'eclectic'] as const;
export type Genre = (typeof GENRES)[number];

/** Who may play a station (docs/radio-catalogue.md): `basic` every plan, `premium` the paid ones. Absent means basic. */
export const STATION_PLANS = ['basic', 'premium'] as const;
export type StationPlan = (typeof STATION_PLANS)[number];

export const STREAM_CODECS = ['mp3', 'aac'] as const;
export type StreamCodec = (typeof STREAM_CODECS)[number];

/** Lossless codecs a station's `lossless` stream may carry: FLAC, in Ogg as Icecast serves it or native (`fLaC`). */
export const LOSSLESS_CODECS = ['flac'] as const;
export type LosslessCodec = (typeof LOSSLESS_CODECS)[number];

/** A stream's bitrate in kbit/s: from 8 (speech) to 1536 (about what lossless CD audio needs). */
export const BITRATE_RANGE = { min: 8, max: 1536 } as const;

/** A station's higher-quality stream, for paid listeners; the standard `streamUrl` stays what Basic hears. */
export interface HighQualityStream {
  streamUrl: string;
  bitrate: number;
  codec: StreamCodec;
}

/** A station's lossless stream, for the plans with lossless audio (Ultra); its bitrate varies with the music. */
export interface LosslessStream {
  streamUrl: string;
  codec: LosslessCodec;
}

export interface ProgramData {
  artist?: string;
  title?: string;
  program?: string;
}

/** A station as the catalogue defines it, defaults applied. */
export interface StationDefinition {
  id: string;
  name: string;
  country: string;
  genres: Genre[];
  streamUrl: string;
  homepage: string | null;
  description: string | null;
  gradient: string | null;
  logoUrl: string | null;
  featured: boolean;
  codec: StreamCodec | null;
  /** The standard stream's bitrate (kbit/s), when known. */
  bitrate: number | null;
  hq: HighQualityStream | null;
  lossless: LosslessStream | null;
  plan: StationPlan;
  /** Where the entry was corroborated: `radio-browser:<stationuuid>`, a URL or a named public list. */
  source: string | null;
  program: ProgramData | null;
}
