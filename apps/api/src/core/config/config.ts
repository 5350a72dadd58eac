import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  smtpUrl?: string;
  stationsFile?: string;
  /** Unset: no events are listed (the product ships none; an operator curates them). */
  eventsFile?: string;
  oauth: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
  stripe?: { secretKey: string; webhookSecret?: string; apiBase?: string };
  musicProvider?: { url: string; key?: string };
  assistant?: { url: string; key?: string; model?: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Lifetime of access tokens, in seconds. */
  accessTokenTtl: number;
  /** Listeners one station's relay accepts at once. */
  relayMaxListeners: number;
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly AppConfig['logLevel'][] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(' or ')}), got "${value}"`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol.replace(/:$/, '')}"`);
  }
  return value;
}

function port(env: Env): number {
  const value = read(env, 'PORT');
  if (value === undefined) return 3000;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535) {
    throw new ConfigError('PORT', `must be a whole number from 1 to 65535, got "${value}"`);
  }
  return n;
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function oauthProvider(env: Env, provider: OAuthProviderName): OAuthProviderConfig | undefined {
  const prefix = provider.toUpperCase();
  const clientId = read(env, `${prefix}_CLIENT_ID`);
  const clientSecret = read(env, `${prefix}_CLIENT_SECRET`);
  const endpoints = {
    authorizeUrl: url(env, `OAUTH_${prefix}_AUTHORIZE_URL`, ['http', 'https']),
    tokenUrl: url(env, `OAUTH_${prefix}_TOKEN_URL`, ['http', 'https']),
    userinfoUrl: url(env, `OAUTH_${prefix}_USERINFO_URL`, ['http', 'https']),
  };
  // A provider without both its id and its secret is off (DESIGN.md section 2).
  if (!clientId || !clientSecret) return undefined;
  return { clientId, clientSecret, ...endpoints };
}

/** Reads and validates the environment. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const publicUrl = (url(env, 'PUBLIC_URL', ['http', 'https']) ?? 'http://localhost:3000').replace(/\/+$/, '');
  const stationsFile = read(env, 'STATIONS_FILE');
  if (stationsFile && !existsSync(path.resolve(cwd, stationsFile))) {
    throw new ConfigError('STATIONS_FILE', `points to a file that does not exist: ${stationsFile}`);
  }
  const eventsFile = read(env, 'EVENTS_FILE');
  if (eventsFile && !existsSync(path.resolve(cwd, eventsFile))) {
    throw new ConfigError('EVENTS_FILE', `points to a file that does not exist: ${eventsFile}`);
  }
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const jwtSecret = read(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
  }
  const stripeKey = read(env, 'STRIPE_SECRET_KEY');
  const musicUrl = url(env, 'MUSIC_PROVIDER_URL', ['http', 'https']);
  const assistantUrl = url(env, 'ASSISTANT_URL', ['http', 'https']);
  const stripeApiBase = url(env, 'STRIPE_API_BASE', ['http', 'https']);

  const oauth: AppConfig['oauth'] = {};
  for (const provider of ['google', 'facebook', 'github'] as const) {
    const settings = oauthProvider(env, provider);
    if (settings) oauth[provider] = settings;
  }

  return {
    port: port(env),
    publicUrl,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    dataDir: path.resolve(cwd, read(env, 'DATA_DIR') ?? '.data'),
    jwtSecret,
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    stationsFile: stationsFile ? path.resolve(cwd, stationsFile) : undefined,
    eventsFile: eventsFile ? path.resolve(cwd, eventsFile) : undefined,
    oauth,
    stripe: stripeKey
      ? { secretKey: stripeKey, webhookSecret: read(env, 'STRIPE_WEBHOOK_SECRET'), apiBase: stripeApiBase }
      : undefined,
    musicProvider: musicUrl ? { url: musicUrl, key: read(env, 'MUSIC_PROVIDER_KEY') } : undefined,
    assistant: assistantUrl
      ? { url: assistantUrl, key: read(env, 'ASSISTANT_KEY'), model: read(env, 'ASSISTANT_MODEL') }
      : undefined,
    logLevel,
    accessTokenTtl: wholeNumber(env, 'ACCESS_TOKEN_TTL', 900, 5, 86_400),
    relayMaxListeners: wholeNumber(env, 'RELAY_MAX_LISTENERS', 1000, 1, 100_000),
  };
}

/** JWT_SECRET, or a secret generated on first start and kept in DATA_DIR so sessions survive restarts. */
export function resolveJwtSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
