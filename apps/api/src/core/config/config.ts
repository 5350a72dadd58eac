import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { PaidPlan, Plan } from '../../repositories/schema/plans';
import { type BetaFeature, betaFeatureList } from '../../repositories/schema/beta-features';
import { Environment, type LogLevel, type MusicProviderKind } from './environment.dto';
import { parseSwitch } from './switch';
import { DEFAULT_TRUST_PROXY, parseTrustProxy, type TrustProxy } from './trust-proxy';

/** A configuration value that cannot be used; the process stops with one line naming the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export type OAuthProviderName = 'google' | 'facebook' | 'github';

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
}

export interface AppConfig {
  port: number;
  publicUrl: string;
  /** Unset: the embedded PostgreSQL server in DATA_DIR/postgres. */
  databaseUrl?: string;
  dataDir: string;
  /** Unset here: resolved at boot by `resolveJwtSecret` (generated once and kept in DATA_DIR). */
  jwtSecret?: string;
  /** Keys sealing stored secrets, the one to seal with first. Unset here: resolved at boot by `resolveSecretsKeys`. */
  secretsKeys?: string[];
  /** Which hops in front may name the client's address (core/http/client-address.ts). */
  trustProxy: TrustProxy;
  smtpUrl?: string;
  stationsFile?: string;
  /** Unset: no events are listed (the product ships none; an operator curates them). */
  eventsFile?: string;
  oauth: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
  logLevel: LogLevel;
  /** Lifetime of access tokens, in seconds. */
  accessTokenTtl: number;
  /** Listeners one station's relay accepts at once. */
  relayMaxListeners: number;
  /** The share of relayMaxListeners kept for paid listeners (priority streaming): Basic and signed-out ones are refused from max × (1 − share). */
  relayPriorityShare: number;
  /** The plan every account has at least (an installation without payments may give everyone more). */
  defaultPlan: Plan;
  /** Features in beta (BETA_FEATURES): plans with betaFeatures have them first; empty, everyone has every feature. */
  betaFeatures: BetaFeature[];
  /** Unset: no online payment on this installation (plans are set with the plans command). */
  stripe?: StripeConfig;
  live: LiveConfig;
  studio: StudioConfig;
  /** Unset: the built-in assistant answers every question. */
  assistant?: AssistantModelConfig;
  webhooks: WebhooksConfig;
  media: MediaConfig;
  ads: AdsConfig;
  /** Seconds before a failed job's first retry (JOB_RETRY_DELAY_SECONDS); each later one waits twice as long. */
  jobRetryDelaySeconds: number;
  /** Unset: no metrics listener (docs/metrics.md). */
  metrics?: MetricsConfig;
}

/** Prometheus metrics on a listener of their own, never the public port. */
export interface MetricsConfig {
  port: number;
  /** Unset: no Authorization asked. */
  token?: string;
}

/** Ad breaks for Basic and signed-out listeners (docs/architecture.md, "Ads"). */
export interface AdsConfig {
  /** Minutes of listening between two breaks (ADS_EVERY_MINUTES). */
  everyMinutes: number;
  /** The operator's spots: a directory of audio files, and URLs. With neither, the built-in house spot plays. */
  dir?: string;
  urls: string[];
  /** Whether a stream on a plan with ads must name its listener, so the relay meters it (ADS_STREAM_TICKETS). */
  streamTickets: boolean;
}

/** Where media files (studio tracks and covers, live playlists, segments and replays) are kept. */
export interface MediaConfig {
  /** Unset: the local folder DATA_DIR/media. */
  s3?: S3Config;
  /** A CDN or public bucket URL serving the same keys: public media are redirected there instead of streamed by the API. */
  publicUrl?: string;
}

export interface S3Config {
  /** Unset: AWS S3 itself (the SDK's endpoint for the region). */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own credential chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/** Outgoing webhooks (docs/developer-api.md, "Webhooks"). */
export interface WebhooksConfig {
  allowHttp: boolean;
  /** CIDRs deliveries may reach although they are not public addresses. */
  allowedCidrs: string[];
  /** Seconds before each try: the first is usually 0. */
  retrySchedule: number[];
}

/** Standard Webhooks' example schedule: 10 tries over about 75.6 hours. */
export const DEFAULT_WEBHOOK_SCHEDULE = [0, 5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400];

/** An OpenAI-compatible chat model (OpenAI, Ollama, LM Studio, vLLM, llama.cpp's server). */
export interface AssistantModelConfig {
  url: string;
  /** Unset for servers that take none (Ollama). */
  key?: string;
  model: string;
  /** The longest pause between two pieces of a streamed reply; the whole reply may take 3 times that. */
  idleSeconds: number;
}

/** The AI studio (docs/studio.md). */
export interface StudioConfig {
  /** Unset: no provider; the built-in generator makes every track. */
  provider?: { url: string; key?: string; kind: MusicProviderKind; pollSeconds: number; timeoutSeconds: number };
  /** Generations this process works on at once. */
  workers: number;
  /** How long a signed link to a track's audio or cover works (MEDIA_LINK_SECONDS; docs/studio.md). */
  mediaLinkSeconds: number;
}

/** Live streaming (docs/live.md). */
export interface LiveConfig {
  /** RTMP ingest port; 0: no RTMP ingest in this process. */
  rtmpPort: number;
  /** Unset: the binary from @ffmpeg-installer/ffmpeg, else `ffmpeg` on PATH. */
  ffmpegPath?: string;
  /**
   * Streams that have not ended (ready or live), counted over every API process when one is created (more answer 503
   * live_full); each process also packages at most this many at once.
   */
  maxPublishers: number;
  /** Browser streams in VP8 encoded to H.264 at once, counted over every API process. */
  maxTranscodes: number;
  /** Minutes a created stream waits for its video; unpublished by then, it is dropped (and frees its slot). */
  readyMinutes: number;
  /** Hours a stream may be live; then it is stopped as its owner would stop it (a replay). */
  maxHours: number;
  /** Viewers one stream accepts at once. */
  maxViewers: number;
  /** Days an ended stream stays watchable as a replay. */
  retentionDays: number;
  /** Seconds a publisher whose connection dropped may take to come back and continue the same stream. */
  reconnectSeconds: number;
  /** Sub-second delivery over WebRTC (docs/live.md): WHIP ingest and WHEP playback. */
  webrtc: WebRtcConfig;
}

export interface WebRtcConfig {
  /** The engine's one UDP port; 0: no WebRTC in this process. */
  port: number;
  /** ICE over TCP's port (a passive candidate relayed to the UDP port) for peers without UDP; 0: none. */
  tcpPort: number;
  bind: string;
  /** Addresses put in the engine's candidates instead of the bound one (none: as bound). */
  hosts: string[];
  /** WebRTC viewers this process serves at once; a newcomer past them is sent to HLS (503 webrtc_full). */
  maxViewers: number;
  /** STUN/TURN servers handed to clients in Link headers. */
  iceServers: IceServer[];
  /**
   * How the other API processes reach this one over HTTP (no trailing slash): a stream's WHEP, PATCH and DELETE that
   * land elsewhere are forwarded here while this process's engine has its media (docs/live.md, "Several replicas").
   */
  originUrl: string;
}

/** A STUN or TURN server from LIVE_ICE_SERVERS: its URL without credentials, and those. */
export interface IceServer {
  url: string;
  username?: string;
  credential?: string;
}

/** `turn:user:password@host:port?transport=tcp` as a URL without credentials and the credentials (RFC 7065 URLs carry none). */
export function parseIceServers(text: string | undefined): IceServer[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(stun|turns?):(?:([^:@]+):([^@]+)@)?(.+)$/.exec(entry)!;
      return { url: `${match[1]}:${match[4]}`, ...(match[2] ? { username: decodeURIComponent(match[2]), credential: decodeURIComponent(match[3]) } : {}) };
    });
}

export interface StripeConfig {
  secretKey: string;
  /** Signing secrets of the webhook endpoint, any of which verifies an event (several while rotating); none: no webhook. */
  webhookSecrets: string[];
  /** The Stripe price of each paid plan; the client never names a price. */
  prices: Record<PaidPlan, string>;
  /** Tests only: a local fake of Stripe's API. */
  apiBase?: string;
}

type Env = Record<string, string | undefined>;

/** The variables Environment declares, trimmed; an empty value counts as unset. */
function environmentOf(env: Env): Environment {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const trimmed = value?.trim();
    if (trimmed) values[name] = trimmed;
  }
  const environment = plainToInstance(Environment, values);
  const [error] = validateSync(environment, { stopAtFirstError: true });
  if (error) throw new ConfigError(error.property, Object.values(error.constraints ?? {})[0] ?? 'is not valid');
  return environment;
}

/**
 * An on/off setting as a boolean, `byDefault` when unset. Validated with the Environment (IsSwitch): a value that
 * parseSwitch does not read never gets here.
 */
function switchOf(value: string | undefined, byDefault: boolean): boolean {
  return value === undefined ? byDefault : parseSwitch(value)!;
}

/** A file named by a variable, resolved against the working directory; it must exist. */
function existingFile(environment: Environment, name: 'STATIONS_FILE' | 'EVENTS_FILE' | 'FFMPEG_PATH', cwd: string): string | undefined {
  const value = environment[name];
  if (value === undefined) return undefined;
  const file = path.resolve(cwd, value);
  if (!existsSync(file)) throw new ConfigError(name, `points to a file that does not exist: ${value}`);
  return file;
}

function oauthProvider(environment: Environment, provider: OAuthProviderName): OAuthProviderConfig | undefined {
  const prefix = provider.toUpperCase() as Uppercase<OAuthProviderName>;
  const clientId = environment[`${prefix}_CLIENT_ID`];
  const clientSecret = environment[`${prefix}_CLIENT_SECRET`];
  // A provider without both its id and its secret is off.
  if (!clientId || !clientSecret) return undefined;
  return {
    clientId,
    clientSecret,
    authorizeUrl: environment[`OAUTH_${prefix}_AUTHORIZE_URL`],
    tokenUrl: environment[`OAUTH_${prefix}_TOKEN_URL`],
    userinfoUrl: environment[`OAUTH_${prefix}_USERINFO_URL`],
  };
}

/** Stripe's settings: all of them with STRIPE_SECRET_KEY, none without it. */
function stripeOf(environment: Environment): StripeConfig | undefined {
  const secretKey = environment.STRIPE_SECRET_KEY;
  if (!secretKey) {
    const stray = (['STRIPE_WEBHOOK_SECRETS', 'STRIPE_PRICE_PREMIUM', 'STRIPE_PRICE_ULTRA'] as const).find((name) => environment[name]);
    if (stray) throw new ConfigError(stray, 'is set but STRIPE_SECRET_KEY is not: set both, or neither');
    return undefined;
  }
  const price = (name: 'STRIPE_PRICE_PREMIUM' | 'STRIPE_PRICE_ULTRA'): string => {
    const value = environment[name];
    if (!value) throw new ConfigError(name, 'is required when STRIPE_SECRET_KEY is set');
    return value;
  };
  return {
    secretKey,
    webhookSecrets: (environment.STRIPE_WEBHOOK_SECRETS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    prices: { premium: price('STRIPE_PRICE_PREMIUM'), ultra: price('STRIPE_PRICE_ULTRA') },
    apiBase: environment.STRIPE_API_BASE,
  };
}

/** The music provider: its URL turns it on; a key or kind without it is a mistake worth stopping for. */
function musicProviderOf(environment: Environment): StudioConfig['provider'] {
  const url = environment.MUSIC_PROVIDER_URL;
  if (!url) {
    const stray = (['MUSIC_PROVIDER_KEY', 'MUSIC_PROVIDER_KIND', 'MUSIC_PROVIDER_POLL_SECONDS', 'MUSIC_PROVIDER_TIMEOUT_SECONDS'] as const).find((name) => environment[name]);
    if (stray) throw new ConfigError(stray, 'is set but MUSIC_PROVIDER_URL is not: set both, or neither');
    return undefined;
  }
  return {
    url: url.replace(/\/+$/, ''),
    key: environment.MUSIC_PROVIDER_KEY,
    kind: environment.MUSIC_PROVIDER_KIND ?? 'task',
    // The page polls for 10 s + 59 × 5 s; the provider's deadline leaves room for the built-in generator to stand in.
    pollSeconds: Number(environment.MUSIC_PROVIDER_POLL_SECONDS ?? 5),
    timeoutSeconds: Number(environment.MUSIC_PROVIDER_TIMEOUT_SECONDS ?? 280),
  };
}

/** The assistant's model: its URL and model name turn it on together; a key alone is a mistake worth stopping for. */
function assistantOf(environment: Environment): AssistantModelConfig | undefined {
  const { ASSISTANT_URL: url, ASSISTANT_MODEL: model, ASSISTANT_KEY: key } = environment;
  if (!url && !model) {
    const stray = (['ASSISTANT_KEY', 'ASSISTANT_IDLE_SECONDS'] as const).find((name) => environment[name]);
    if (stray) throw new ConfigError(stray, 'is set but ASSISTANT_URL and ASSISTANT_MODEL are not');
    return undefined;
  }
  if (!url) throw new ConfigError('ASSISTANT_URL', 'is required with ASSISTANT_MODEL');
  if (!model) throw new ConfigError('ASSISTANT_MODEL', 'is required with ASSISTANT_URL');
  return { url: url.replace(/\/+$/, ''), key, model, idleSeconds: Number(environment.ASSISTANT_IDLE_SECONDS ?? 15) };
}

/** The object store: S3_BUCKET turns it on; any other S3 setting without it is a mistake worth stopping for. */
function mediaOf(environment: Environment): MediaConfig {
  const publicUrl = environment.MEDIA_PUBLIC_URL?.replace(/\/+$/, '');
  const bucket = environment.S3_BUCKET;
  if (!bucket) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'MEDIA_PUBLIC_URL'] as const).find((name) => environment[name]);
    if (stray) throw new ConfigError(stray, 'is set but S3_BUCKET is not: media stay in DATA_DIR/media without a bucket');
    return {};
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = environment;
  if (accessKeyId && !secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID');
  if (secretAccessKey && !accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY');
  return {
    s3: {
      endpoint: environment.S3_ENDPOINT?.replace(/\/+$/, ''),
      bucket,
      region: environment.S3_REGION ?? 'us-east-1',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      forcePathStyle: switchOf(environment.S3_FORCE_PATH_STYLE, false),
    },
    publicUrl,
  };
}

/** ADS_DIR must be a directory that exists; ADS_URLS are taken as written. */
function adsOf(environment: Environment, cwd: string): AdsConfig {
  const dir = environment.ADS_DIR === undefined ? undefined : path.resolve(cwd, environment.ADS_DIR);
  if (dir !== undefined && !(existsSync(dir) && statSync(dir).isDirectory())) throw new ConfigError('ADS_DIR', `points to a directory that does not exist: ${environment.ADS_DIR}`);
  return {
    everyMinutes: Number(environment.ADS_EVERY_MINUTES ?? 15),
    dir,
    urls: (environment.ADS_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean),
    streamTickets: switchOf(environment.ADS_STREAM_TICKETS, true),
  };
}

/** Reads and validates the environment (see Environment). Throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const environment = environmentOf(env);
  const oauth: AppConfig['oauth'] = {};
  for (const provider of ['google', 'facebook', 'github'] as const) {
    const settings = oauthProvider(environment, provider);
    if (settings) oauth[provider] = settings;
  }
  return {
    port: Number(environment.PORT ?? 3000),
    publicUrl: (environment.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    databaseUrl: environment.DATABASE_URL,
    dataDir: path.resolve(cwd, environment.DATA_DIR ?? '.data'),
    jwtSecret: environment.JWT_SECRET,
    secretsKeys: environment.SECRETS_KEY?.split(',').map((key) => key.trim()),
    // Validated with the Environment: a value that does not parse never gets here.
    trustProxy: environment.TRUST_PROXY ? parseTrustProxy(environment.TRUST_PROXY)! : DEFAULT_TRUST_PROXY,
    smtpUrl: environment.SMTP_URL,
    stationsFile: existingFile(environment, 'STATIONS_FILE', cwd),
    eventsFile: existingFile(environment, 'EVENTS_FILE', cwd),
    oauth,
    logLevel: environment.LOG_LEVEL ?? 'info',
    accessTokenTtl: Number(environment.ACCESS_TOKEN_TTL ?? 900),
    relayMaxListeners: Number(environment.RELAY_MAX_LISTENERS ?? 1000),
    relayPriorityShare: Number(environment.RELAY_PRIORITY_SHARE ?? 0.2),
    defaultPlan: environment.DEFAULT_PLAN ?? 'basic',
    // Validated with the Environment: every id is known.
    betaFeatures: [...new Set(betaFeatureList(environment.BETA_FEATURES))] as BetaFeature[],
    stripe: stripeOf(environment),
    live: {
      rtmpPort: Number(environment.RTMP_PORT ?? 1935),
      ffmpegPath: existingFile(environment, 'FFMPEG_PATH', cwd),
      // On 2 cores: 20 remuxed streams (copy) fit with room to spare, a browser transcode costs ~15-30 % of a core.
      maxPublishers: Number(environment.LIVE_MAX_PUBLISHERS ?? 20),
      maxTranscodes: Number(environment.LIVE_MAX_TRANSCODES ?? 2),
      maxViewers: Number(environment.LIVE_MAX_VIEWERS ?? 200),
      retentionDays: Number(environment.LIVE_RETENTION_DAYS ?? 30),
      readyMinutes: Number(environment.LIVE_READY_MINUTES ?? 15),
      maxHours: Number(environment.LIVE_MAX_HOURS ?? 6),
      reconnectSeconds: Number(environment.LIVE_RECONNECT_SECONDS ?? 30),
      webrtc: {
        port: Number(environment.LIVE_WEBRTC_PORT ?? 8189),
        tcpPort: iceTcpPortOf(environment),
        bind: environment.LIVE_WEBRTC_BIND ?? '0.0.0.0',
        hosts: (environment.LIVE_WEBRTC_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
        // 200 viewers of a 1.5 Mbit/s stream took 45 % of a core here (docs/live.md, "Sub-second delivery").
        maxViewers: Number(environment.LIVE_WEBRTC_MAX_VIEWERS ?? 200),
        iceServers: parseIceServers(environment.LIVE_ICE_SERVERS),
        // One machine: the others reach it on loopback at its own port; replicas on several hosts name their own.
        originUrl: (environment.LIVE_WEBRTC_ORIGIN_URL ?? `http://127.0.0.1:${Number(environment.PORT ?? 3000)}`).replace(/\/+$/, ''),
      },
    },
    assistant: assistantOf(environment),
    studio: {
      provider: musicProviderOf(environment),
      workers: Number(environment.STUDIO_WORKERS ?? 2),
      mediaLinkSeconds: Number(environment.MEDIA_LINK_SECONDS ?? 3600),
    },
    webhooks: {
      allowHttp: switchOf(environment.WEBHOOK_ALLOW_HTTP, false),
      allowedCidrs: (environment.WEBHOOK_ALLOWED_CIDRS ?? '').split(',').map((c) => c.trim()).filter(Boolean),
      retrySchedule: environment.WEBHOOK_RETRY_SCHEDULE ? environment.WEBHOOK_RETRY_SCHEDULE.split(',').map((n) => Number(n.trim())) : DEFAULT_WEBHOOK_SCHEDULE,
    },
    media: mediaOf(environment),
    ads: adsOf(environment, cwd),
    jobRetryDelaySeconds: Number(environment.JOB_RETRY_DELAY_SECONDS ?? 5),
    metrics: metricsOf(environment),
  };
}

/** ICE over TCP for peers whose UDP is blocked: the UDP port's number, on TCP, unless set (0: none). */
function iceTcpPortOf(environment: Environment): number {
  const port = Number(environment.LIVE_WEBRTC_TCP_PORT ?? environment.LIVE_WEBRTC_PORT ?? 8189);
  if (port && Number(environment.PORT ?? 3000) === port) {
    throw new ConfigError('LIVE_WEBRTC_TCP_PORT', 'must differ from PORT (unset, it is LIVE_WEBRTC_PORT): ICE over TCP has a port of its own');
  }
  return port;
}

/** METRICS_PORT turns the metrics listener on; a token without a port is a mistake worth stopping for. */
function metricsOf(environment: Environment): MetricsConfig | undefined {
  if (!environment.METRICS_PORT) {
    if (environment.METRICS_TOKEN) throw new ConfigError('METRICS_TOKEN', 'is set but METRICS_PORT is not: set both, or neither');
    return undefined;
  }
  const port = Number(environment.METRICS_PORT);
  if (Number(environment.PORT ?? 3000) === port) throw new ConfigError('METRICS_PORT', 'must differ from PORT: metrics never share the public port');
  return { port, token: environment.METRICS_TOKEN };
}

/** JWT_SECRET, or a secret generated on first start and kept in DATA_DIR so sessions survive restarts. */
export function resolveJwtSecret(config: AppConfig): string {
  return config.jwtSecret ?? keptSecret(config.dataDir, 'jwt-secret');
}

/**
 * SECRETS_KEY's keys (the first seals, every one opens), or one generated on first start and kept in DATA_DIR. Apart
 * from JWT_SECRET so that changing that one ends access tokens and nothing more (docs/operations.md, "Secrets").
 */
export function resolveSecretsKeys(config: AppConfig): string[] {
  return config.secretsKeys ?? [keptSecret(config.dataDir, 'secrets-key')];
}

/**
 * A random secret kept in DATA_DIR/`name` (readable by its owner only), made on first use. Written aside and linked
 * into place, which fails if the file exists: of processes starting together, one makes it and all read the same.
 */
function keptSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
    unlinkSync(draft);
  } catch (e) {
    // A file system without hard links: moved into place, as before (the race is back, the start is not refused).
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') unlinkSync(draft);
    else renameSync(draft, file);
  }
  return readFileSync(file, 'utf8').trim();
}
