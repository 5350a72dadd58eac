import { IsIn, IsOptional, Matches, MinLength, ValidateBy } from 'class-validator';
import { BETA_FEATURE_IDS, betaFeatureList, isBetaFeature } from '../../repositories/schema/beta-features';
import { type Plan, PLANS } from '../../repositories/schema/plans';
import { parseSwitch, SWITCH_FORMS } from './switch';
import { parseTrustProxy, TRUST_PROXY_FORMS } from './trust-proxy';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** The dialects of Suno-compatible music APIs (docs/studio.md, "Providers"). */
export const MUSIC_PROVIDER_KINDS = ['task', 'relay', 'gcui'] as const;
export type MusicProviderKind = (typeof MUSIC_PROVIDER_KINDS)[number];

/** A URL whose scheme is one of `protocols`; the message says which rule it broke and what it got. */
function IsUrlOf(protocols: readonly string[]): PropertyDecorator {
  const schemeOf = (value: unknown): string | undefined => {
    try {
      return new URL(String(value)).protocol.replace(/:$/, '');
    } catch {
      return undefined;
    }
  };
  return ValidateBy(
    {
      name: 'isUrlOf',
      validator: {
        validate: (value) => protocols.includes(schemeOf(value) ?? ''),
        defaultMessage: (args) => {
          const value: unknown = args?.value;
          const scheme = schemeOf(value);
          return scheme === undefined ? `must be a URL (${protocols.join(' or ')}), got "${String(value)}"` : `must use ${protocols.join(' or ')}, got "${scheme}"`;
        },
      },
    },
  );
}

/** A whole number written in decimal digits, from `min` to `max`. */
function IsWholeNumber(min: number, max: number): PropertyDecorator {
  return ValidateBy({
    name: 'isWholeNumber',
    validator: {
      validate: (value) => typeof value === 'string' && /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max,
      defaultMessage: (args) => `must be a whole number from ${min} to ${max}, got "${String(args?.value)}"`,
    },
  });
}

/** A number written in decimal digits with an optional fraction (`15`, `0.5`), from `min` to `max`. */
function IsDecimal(min: number, max: number): PropertyDecorator {
  return ValidateBy({
    name: 'isDecimal',
    validator: {
      validate: (value) => typeof value === 'string' && /^\d{1,6}(\.\d{1,6})?$/.test(value) && Number(value) >= min && Number(value) <= max,
      defaultMessage: (args) => `must be a number from ${min} to ${max}, got "${String(args?.value)}"`,
    },
  });
}

/** Comma-separated ids of BETA_FEATURE_IDS. */
function IsBetaFeatureList(): PropertyDecorator {
  return ValidateBy({
    name: 'isBetaFeatureList',
    validator: {
      validate: (value) => typeof value === 'string' && betaFeatureList(value).every(isBetaFeature),
      defaultMessage: (args) => `must be feature ids separated by commas, of ${BETA_FEATURE_IDS.join(', ')}; got "${String(args?.value)}"`,
    },
  });
}

const httpUrl = () => IsUrlOf(['http', 'https']);

/** An on/off setting: any of the words parseSwitch reads (core/config/switch.ts); config.ts turns it into a boolean with it. */
function IsSwitch(): PropertyDecorator {
  return ValidateBy({
    name: 'isSwitch',
    validator: {
      validate: (value) => typeof value === 'string' && parseSwitch(value) !== undefined,
      defaultMessage: (args) => `must be ${SWITCH_FORMS}, got "${String(args?.value)}"`,
    },
  });
}

function IsTrustProxy(): PropertyDecorator {
  return ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value) => typeof value === 'string' && parseTrustProxy(value) !== undefined,
      defaultMessage: (args) => `must be ${TRUST_PROXY_FORMS}, got "${String(args?.value)}"`,
    },
  });
}

/**
 * The environment the API reads, validated like a request body: each property is a variable, every one optional
 * (the defaults are applied by loadConfig). Values arrive trimmed, with empty ones removed.
 */
export class Environment {
  @IsOptional() @IsWholeNumber(1, 65535) PORT?: string;
  @IsOptional() @httpUrl() PUBLIC_URL?: string;
  @IsOptional() @IsUrlOf(['postgres', 'postgresql']) DATABASE_URL?: string;
  @IsOptional() DATA_DIR?: string;
  @IsOptional() @MinLength(32, { message: 'must be at least 32 characters long' }) JWT_SECRET?: string;
  /** Seals stored secrets (webhooks'); while rotating, the new key then the old ones, comma-separated. */
  @IsOptional() @Matches(/^[^\s,]{32,}(\s*,\s*[^\s,]{32,})*$/, { message: 'must be a key of at least 32 characters without spaces or commas (while rotating: the new key, then the old ones, separated by commas)' })
  SECRETS_KEY?: string;
  /** Which proxies in front may name the client's address (core/config/trust-proxy.ts). */
  @IsOptional() @IsTrustProxy() TRUST_PROXY?: string;
  @IsOptional() @IsUrlOf(['smtp', 'smtps']) SMTP_URL?: string;
  @IsOptional() STATIONS_FILE?: string;
  @IsOptional() EVENTS_FILE?: string;
  @IsOptional() @IsIn(LOG_LEVELS, { message: ({ value }) => `must be one of ${LOG_LEVELS.join(', ')}, got "${String(value)}"` }) LOG_LEVEL?: LogLevel;
  @IsOptional() @IsWholeNumber(5, 86_400) ACCESS_TOKEN_TTL?: string;
  @IsOptional() @IsWholeNumber(1, 100_000) RELAY_MAX_LISTENERS?: string;
  /** The share of RELAY_MAX_LISTENERS kept for listeners with priority streaming (paid plans): 0 to 0.9. */
  @IsOptional() @IsDecimal(0, 0.9) RELAY_PRIORITY_SHARE?: string;
  @IsOptional() @IsIn(PLANS, { message: ({ value }) => `must be one of ${PLANS.join(', ')}, got "${String(value)}"` }) DEFAULT_PLAN?: Plan;
  /** Features in beta: Ultra members have them first (docs/live.md, "Beta features"). */
  @IsOptional() @IsBetaFeatureList() BETA_FEATURES?: string;
  /** RTMP ingest port for OBS; 0: this process takes no RTMP (an API replica beside the one that does). */
  @IsOptional() @IsWholeNumber(0, 65_535) RTMP_PORT?: string;
  @IsOptional() FFMPEG_PATH?: string;
  @IsOptional() @IsWholeNumber(1, 1_000) LIVE_MAX_PUBLISHERS?: string;
  @IsOptional() @IsWholeNumber(0, 100) LIVE_MAX_TRANSCODES?: string;
  @IsOptional() @IsWholeNumber(1, 100_000) LIVE_MAX_VIEWERS?: string;
  @IsOptional() @IsWholeNumber(1, 3_650) LIVE_RETENTION_DAYS?: string;
  @IsOptional() @IsWholeNumber(1, 1_440) LIVE_READY_MINUTES?: string;
  @IsOptional() @IsWholeNumber(1, 168) LIVE_MAX_HOURS?: string;
  /** Seconds a publisher whose connection dropped may take to come back (to any replica) and continue the same stream. */
  @IsOptional() @IsWholeNumber(0, 600) LIVE_RECONNECT_SECONDS?: string;
  /** The UDP port of this process's WebRTC engine (WHIP and WHEP); 0: no WebRTC here, viewers play HLS. */
  @IsOptional() @IsWholeNumber(0, 65_535) LIVE_WEBRTC_PORT?: string;
  /** The TCP port of ICE over TCP (viewers and browsers whose UDP is blocked); 0: none. Default: LIVE_WEBRTC_PORT's number. */
  @IsOptional() @IsWholeNumber(0, 65_535) LIVE_WEBRTC_TCP_PORT?: string;
  /** The address the WebRTC engine binds (and announces, unless LIVE_WEBRTC_HOSTS names others). */
  @IsOptional() @Matches(/^[0-9a-fA-F.:]+$/, { message: 'must be an IP address' }) LIVE_WEBRTC_BIND?: string;
  /** Addresses announced to WebRTC peers instead of the bound one (the host's public address behind NAT), comma-separated. */
  @IsOptional() @Matches(/^[\w.:-]+(\s*,\s*[\w.:-]+)*$/, { message: 'must be addresses or host names, separated by commas' }) LIVE_WEBRTC_HOSTS?: string;
  /** How the other API processes reach this one over HTTP, to forward WHEP, PATCH and DELETE of streams whose media it has. */
  @IsOptional() @httpUrl() LIVE_WEBRTC_ORIGIN_URL?: string;
  /** WebRTC viewers this process serves at once; more play HLS. */
  @IsOptional() @IsWholeNumber(0, 100_000) LIVE_WEBRTC_MAX_VIEWERS?: string;
  /** STUN and TURN servers for WebRTC clients, comma-separated: stun:host:port, turn:user:password@host:port?transport=tcp. */
  @IsOptional() @Matches(/^(stun|turns?):[^\s,]+(\s*,\s*(stun|turns?):[^\s,]+)*$/, { message: 'must be stun:, turn: or turns: URLs separated by commas' }) LIVE_ICE_SERVERS?: string;
  /** Minutes of listening between two ad breaks for Basic and signed-out listeners; a decimal from 0.05 (3 s, for tests) to 1440. */
  @IsOptional() @IsDecimal(0.05, 1_440) ADS_EVERY_MINUTES?: string;
  /** A directory of the operator's ad spots (mp3, aac, m4a, ogg, opus). */
  @IsOptional() ADS_DIR?: string;
  /** The operator's ad spots at http(s) URLs, comma-separated. */
  @IsOptional() @Matches(/^https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*$/, { message: 'must be http(s) URLs of audio files, separated by commas' })
  ADS_URLS?: string;
  /** On (default): a stream on a plan with ads names its listener (a stream ticket, the listener cookie or an account); off: any client of the stream address plays without. */
  @IsOptional() @IsSwitch() ADS_STREAM_TICKETS?: string;

  /** A Suno-compatible music API (docs/studio.md); unset: the built-in generator makes every track. */
  @IsOptional() @httpUrl() MUSIC_PROVIDER_URL?: string;
  @IsOptional() MUSIC_PROVIDER_KEY?: string;
  @IsOptional() @IsIn(MUSIC_PROVIDER_KINDS, { message: ({ value }) => `must be one of ${MUSIC_PROVIDER_KINDS.join(', ')}, got "${String(value)}"` }) MUSIC_PROVIDER_KIND?: MusicProviderKind;
  /** Seconds between two questions to the provider about a track, and the most we wait for it before the built-in generator stands in. */
  @IsOptional() @IsWholeNumber(1, 60) MUSIC_PROVIDER_POLL_SECONDS?: string;
  @IsOptional() @IsWholeNumber(2, 280) MUSIC_PROVIDER_TIMEOUT_SECONDS?: string;
  /** An OpenAI-compatible chat model for the assistant (docs/assistant.md); unset: the built-in assistant answers. */
  @IsOptional() @httpUrl() ASSISTANT_URL?: string;
  @IsOptional() ASSISTANT_KEY?: string;
  @IsOptional() @Matches(/^\S{1,200}$/, { message: 'must be a model name without spaces' }) ASSISTANT_MODEL?: string;
  /** The longest pause between two pieces of the model's streamed reply (the whole reply may take 3 times that). */
  @IsOptional() @IsWholeNumber(1, 120) ASSISTANT_IDLE_SECONDS?: string;
  /** Generations this process works on at once. */
  @IsOptional() @IsWholeNumber(1, 16) STUDIO_WORKERS?: string;
  /** How long a signed link to a studio track's audio or cover works; at most 7 days, what a store's presigned URL allows. */
  @IsOptional() @IsWholeNumber(1, 604_800) MEDIA_LINK_SECONDS?: string;
  /** Seconds before a failed job (a generation whose store did not answer, say) is tried again; each later try waits twice as long. */
  @IsOptional() @IsWholeNumber(0, 3_600) JOB_RETRY_DELAY_SECONDS?: string;

  /** Prometheus metrics on a listener of their own (docs/metrics.md); unset: no metrics listener. Never the public port. */
  @IsOptional() @IsWholeNumber(1, 65_535) METRICS_PORT?: string;
  /** A bearer token the metrics listener asks for; unset: it answers anyone who reaches the port. */
  @IsOptional() @MinLength(16, { message: 'must be at least 16 characters' }) METRICS_TOKEN?: string;

  /** Webhooks (docs/developer-api.md): on lets endpoints use plain http (development only). */
  @IsOptional() @IsSwitch() WEBHOOK_ALLOW_HTTP?: string;
  /** Addresses webhooks may reach although they are not public (comma-separated CIDRs; tests and operators). */
  @IsOptional() @Matches(/^\s*[0-9a-fA-F:.]+\/\d{1,3}(\s*,\s*[0-9a-fA-F:.]+\/\d{1,3})*\s*$/, { message: 'must be CIDRs separated by commas, such as 10.0.0.0/8' })
  WEBHOOK_ALLOWED_CIDRS?: string;
  /** Seconds before each try of a delivery, comma-separated (Standard Webhooks' schedule by default, about 3 days). */
  @IsOptional() @Matches(/^\s*\d{1,6}(\s*,\s*\d{1,6}){0,19}\s*$/, { message: 'must be up to 20 whole numbers of seconds, separated by commas' })
  WEBHOOK_RETRY_SCHEDULE?: string;

  @IsOptional() @Matches(/^(sk|rk)_\S+$/, { message: 'must be a Stripe secret key (sk_… or rk_…)' }) STRIPE_SECRET_KEY?: string;
  @IsOptional() @Matches(/^whsec_\S+(\s*,\s*whsec_\S+)*$/, { message: 'must be one or more Stripe signing secrets (whsec_…), separated by commas' })
  STRIPE_WEBHOOK_SECRETS?: string;
  @IsOptional() @Matches(/^price_\S+$/, { message: 'must be a Stripe price id (price_…)' }) STRIPE_PRICE_PREMIUM?: string;
  @IsOptional() @Matches(/^price_\S+$/, { message: 'must be a Stripe price id (price_…)' }) STRIPE_PRICE_ULTRA?: string;
  /** Tests only: where the Stripe SDK sends its requests (a local fake). */
  @IsOptional() @httpUrl() STRIPE_API_BASE?: string;

  /** S3-compatible object storage for every media file (docs/operations.md, "Media storage"); unset S3_BUCKET: DATA_DIR/media. */
  @IsOptional() @httpUrl() S3_ENDPOINT?: string;
  @IsOptional() @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens' }) S3_BUCKET?: string;
  @IsOptional() @Matches(/^[a-z0-9-]{1,64}$/, { message: 'must be a region name such as eu-central-1 (lower-case letters, digits, hyphens)' }) S3_REGION?: string;
  @IsOptional() S3_ACCESS_KEY_ID?: string;
  @IsOptional() S3_SECRET_ACCESS_KEY?: string;
  /** On: bucket in the path (MinIO, Ceph, s3rver); off: in the host name (AWS S3, R2). */
  @IsOptional() @IsSwitch() S3_FORCE_PATH_STYLE?: string;
  /** A CDN or public bucket URL that serves the media keys; the API then redirects public media there. */
  @IsOptional() @httpUrl() MEDIA_PUBLIC_URL?: string;

  @IsOptional() GOOGLE_CLIENT_ID?: string;
  @IsOptional() GOOGLE_CLIENT_SECRET?: string;
  @IsOptional() @httpUrl() OAUTH_GOOGLE_AUTHORIZE_URL?: string;
  @IsOptional() @httpUrl() OAUTH_GOOGLE_TOKEN_URL?: string;
  @IsOptional() @httpUrl() OAUTH_GOOGLE_USERINFO_URL?: string;
  @IsOptional() FACEBOOK_CLIENT_ID?: string;
  @IsOptional() FACEBOOK_CLIENT_SECRET?: string;
  @IsOptional() @httpUrl() OAUTH_FACEBOOK_AUTHORIZE_URL?: string;
  @IsOptional() @httpUrl() OAUTH_FACEBOOK_TOKEN_URL?: string;
  @IsOptional() @httpUrl() OAUTH_FACEBOOK_USERINFO_URL?: string;
  @IsOptional() GITHUB_CLIENT_ID?: string;
  @IsOptional() GITHUB_CLIENT_SECRET?: string;
  @IsOptional() @httpUrl() OAUTH_GITHUB_AUTHORIZE_URL?: string;
  @IsOptional() @httpUrl() OAUTH_GITHUB_TOKEN_URL?: string;
  @IsOptional() @httpUrl() OAUTH_GITHUB_USERINFO_URL?: string;
}
