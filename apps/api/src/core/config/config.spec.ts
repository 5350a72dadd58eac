import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { getMetadataStorage } from 'class-validator';
import { type AppConfig, ConfigError, loadConfig, resolveJwtSecret, resolveSecretsKeys } from './config';
import { Environment } from './environment.dto';
import { parseSwitch, SWITCH_WORDS } from './switch';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/app');
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: '/srv/app/.data',
      smtpUrl: undefined,
      eventsFile: undefined,
      oauth: {},
      logLevel: 'info',
      accessTokenTtl: 900,
      relayMaxListeners: 1000,
      relayPriorityShare: 0.2,
      defaultPlan: 'basic',
      stripe: undefined,
      live: { rtmpPort: 1935, ffmpegPath: undefined, maxPublishers: 20, maxTranscodes: 2, maxViewers: 200, retentionDays: 30, readyMinutes: 15, maxHours: 6 },
    });
  });

  it('reads the share of each relay kept for paid listeners: 0.2 by default, 0 keeps none', () => {
    expect(loadConfig({ RELAY_PRIORITY_SHARE: '0.5' }, '/srv/app').relayPriorityShare).toBe(0.5);
    expect(loadConfig({ RELAY_PRIORITY_SHARE: '0' }, '/srv/app').relayPriorityShare).toBe(0);
    expect(errorOf({ RELAY_PRIORITY_SHARE: '0.95' }).message).toBe('RELAY_PRIORITY_SHARE must be a number from 0 to 0.9, got "0.95"');
  });

  it('reads the features in beta: none by default, known ids only', () => {
    expect(loadConfig({}, '/srv/app').betaFeatures).toEqual([]);
    expect(loadConfig({ BETA_FEATURES: ' browser-live , browser-live,' }, '/srv/app').betaFeatures).toEqual(['browser-live']);
    expect(errorOf({ BETA_FEATURES: 'browser-live,teleport' }).message).toBe('BETA_FEATURES must be feature ids separated by commas, of browser-live; got "browser-live,teleport"');
  });

  it('reads the live settings; RTMP_PORT 0 turns RTMP ingest off in this process', () => {
    const config = loadConfig({ RTMP_PORT: '0', LIVE_MAX_PUBLISHERS: '5', LIVE_MAX_TRANSCODES: '0', LIVE_MAX_VIEWERS: '50', LIVE_RETENTION_DAYS: '7', LIVE_READY_MINUTES: '5', LIVE_MAX_HOURS: '2' }, '/srv/app');
    expect(config.live).toEqual({
      rtmpPort: 0,
      ffmpegPath: undefined,
      maxPublishers: 5,
      maxTranscodes: 0,
      maxViewers: 50,
      retentionDays: 7,
      readyMinutes: 5,
      maxHours: 2,
      reconnectSeconds: 30,
      webrtc: { port: 8189, tcpPort: 8189, bind: '0.0.0.0', hosts: [], maxViewers: 200, iceServers: [], originUrl: 'http://127.0.0.1:3000' },
    });
    expect(loadConfig({ LIVE_RECONNECT_SECONDS: '5' }, '/srv/app').live.reconnectSeconds).toBe(5);
    expect(errorOf({ LIVE_RECONNECT_SECONDS: '601' })).toMatchObject({ variable: 'LIVE_RECONNECT_SECONDS' });
  });

  it('reads the WebRTC settings: the port (0: none here), ICE over TCP’s, what is announced, the viewer cap, the ICE servers with their credentials and how other replicas reach this one', () => {
    const { webrtc } = loadConfig(
      {
        LIVE_WEBRTC_PORT: '0',
        LIVE_WEBRTC_BIND: '10.0.0.5',
        LIVE_WEBRTC_HOSTS: '203.0.113.7, live.example.org',
        LIVE_WEBRTC_MAX_VIEWERS: '50',
        LIVE_ICE_SERVERS: 'stun:stun.example.org:3478, turn:ania:p%40ss@turn.example.org:443?transport=tcp',
        LIVE_WEBRTC_ORIGIN_URL: 'http://app2:3000/',
      },
      '/srv/app',
    ).live;
    expect(webrtc).toEqual({
      port: 0,
      tcpPort: 0,
      bind: '10.0.0.5',
      hosts: ['203.0.113.7', 'live.example.org'],
      maxViewers: 50,
      iceServers: [{ url: 'stun:stun.example.org:3478' }, { url: 'turn:turn.example.org:443?transport=tcp', username: 'ania', credential: 'p@ss' }],
      originUrl: 'http://app2:3000',
    });
    // Unset: this machine's loopback at this process's own port (several processes on one host).
    expect(loadConfig({ PORT: '3002' }, '/srv/app').live.webrtc.originUrl).toBe('http://127.0.0.1:3002');
    expect(errorOf({ LIVE_WEBRTC_ORIGIN_URL: 'app2:3000' })).toMatchObject({ variable: 'LIVE_WEBRTC_ORIGIN_URL' });
    expect(errorOf({ LIVE_ICE_SERVERS: 'http://turn.example.org' })).toMatchObject({ variable: 'LIVE_ICE_SERVERS' });
    expect(errorOf({ LIVE_WEBRTC_BIND: 'everywhere' })).toMatchObject({ variable: 'LIVE_WEBRTC_BIND' });
    // ICE over TCP: the UDP port's number unless set, 0 for none, never the public port.
    expect(loadConfig({ LIVE_WEBRTC_PORT: '8190' }, '/srv/app').live.webrtc.tcpPort).toBe(8190);
    expect(loadConfig({ LIVE_WEBRTC_PORT: '8190', LIVE_WEBRTC_TCP_PORT: '0' }, '/srv/app').live.webrtc.tcpPort).toBe(0);
    expect(loadConfig({ LIVE_WEBRTC_TCP_PORT: '443' }, '/srv/app').live.webrtc).toMatchObject({ port: 8189, tcpPort: 443 });
    expect(errorOf({ LIVE_WEBRTC_PORT: '3000' })).toMatchObject({ variable: 'LIVE_WEBRTC_TCP_PORT' });
    expect(errorOf({ LIVE_WEBRTC_TCP_PORT: '65536' })).toMatchObject({ variable: 'LIVE_WEBRTC_TCP_PORT' });
  });

  it('reads the metrics listener: off without METRICS_PORT, never on the public port, a token only with a port', () => {
    expect(loadConfig({}, '/srv/app').metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }, '/srv/app').metrics).toEqual({ port: 9464, token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'a-token-of-sixteen-or-more' }, '/srv/app').metrics).toEqual({ port: 9464, token: 'a-token-of-sixteen-or-more' });
    expect(errorOf({ METRICS_TOKEN: 'a-token-of-sixteen-or-more' })).toMatchObject({ variable: 'METRICS_TOKEN', message: 'METRICS_TOKEN is set but METRICS_PORT is not: set both, or neither' });
    expect(errorOf({ METRICS_PORT: '3000' })).toMatchObject({ variable: 'METRICS_PORT', message: 'METRICS_PORT must differ from PORT: metrics never share the public port' });
    expect(errorOf({ PORT: '8080', METRICS_PORT: '8080' })).toMatchObject({ variable: 'METRICS_PORT' });
    expect(errorOf({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toMatchObject({ variable: 'METRICS_TOKEN', message: 'METRICS_TOKEN must be at least 16 characters' });
    expect(errorOf({ METRICS_PORT: 'http' })).toMatchObject({ variable: 'METRICS_PORT' });
  });

  it('reads the job retry delay: 5 s by default', () => {
    expect(loadConfig({}, '/srv/app').jobRetryDelaySeconds).toBe(5);
    expect(loadConfig({ JOB_RETRY_DELAY_SECONDS: '0' }, '/srv/app').jobRetryDelaySeconds).toBe(0);
    expect(errorOf({ JOB_RETRY_DELAY_SECONDS: '-1' })).toMatchObject({ variable: 'JOB_RETRY_DELAY_SECONDS' });
  });

  it('reads the music provider: off without its URL, the task dialect and 5 s / 280 s by default', () => {
    expect(loadConfig({}, '/srv/app').studio).toEqual({ provider: undefined, workers: 2, mediaLinkSeconds: 3600 });
    expect(loadConfig({ MUSIC_PROVIDER_URL: 'https://api.example.com/', MUSIC_PROVIDER_KEY: 'k', STUDIO_WORKERS: '3' }, '/srv/app').studio).toEqual({
      provider: { url: 'https://api.example.com', key: 'k', kind: 'task', pollSeconds: 5, timeoutSeconds: 280 },
      workers: 3,
      mediaLinkSeconds: 3600,
    });
    expect(loadConfig({ MUSIC_PROVIDER_URL: 'http://localhost:3001', MUSIC_PROVIDER_KIND: 'gcui', MUSIC_PROVIDER_POLL_SECONDS: '3', MUSIC_PROVIDER_TIMEOUT_SECONDS: '100' }, '/srv/app').studio.provider).toEqual({
      url: 'http://localhost:3001',
      key: undefined,
      kind: 'gcui',
      pollSeconds: 3,
      timeoutSeconds: 100,
    });
    expect(errorOf({ MUSIC_PROVIDER_KEY: 'k' })).toMatchObject({ variable: 'MUSIC_PROVIDER_KEY', message: 'MUSIC_PROVIDER_KEY is set but MUSIC_PROVIDER_URL is not: set both, or neither' });
  });

  it('reads how long a studio media link works: an hour by default, at most the 7 days a presigned URL allows', () => {
    expect(loadConfig({ MEDIA_LINK_SECONDS: '600' }, '/srv/app').studio.mediaLinkSeconds).toBe(600);
    expect(errorOf({ MEDIA_LINK_SECONDS: '0' })).toMatchObject({ variable: 'MEDIA_LINK_SECONDS' });
    expect(errorOf({ MEDIA_LINK_SECONDS: '604801' })).toMatchObject({ variable: 'MEDIA_LINK_SECONDS' });
    expect(errorOf({ MEDIA_LINK_SECONDS: 'an hour' })).toMatchObject({ variable: 'MEDIA_LINK_SECONDS' });
  });

  it('reads the assistant\'s model: URL and model together, the key optional', () => {
    expect(loadConfig({}, '/srv/app').assistant).toBeUndefined();
    expect(loadConfig({ ASSISTANT_URL: 'http://localhost:11434/v1/', ASSISTANT_MODEL: 'llama3.1' }, '/srv/app').assistant).toEqual({ url: 'http://localhost:11434/v1', key: undefined, model: 'llama3.1', idleSeconds: 15 });
    expect(errorOf({ ASSISTANT_URL: 'http://localhost:11434/v1' })).toMatchObject({ variable: 'ASSISTANT_MODEL' });
    expect(errorOf({ ASSISTANT_MODEL: 'gpt-4o-mini' })).toMatchObject({ variable: 'ASSISTANT_URL' });
    expect(errorOf({ ASSISTANT_KEY: 'sk-1' })).toMatchObject({ variable: 'ASSISTANT_KEY' });
  });

  it('reads Stripe with its prices and every webhook secret', () => {
    const config = loadConfig(
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_PREMIUM: 'price_p', STRIPE_PRICE_ULTRA: 'price_u', STRIPE_WEBHOOK_SECRETS: 'whsec_new, whsec_old', DEFAULT_PLAN: 'premium' },
      '/srv/app',
    );
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecrets: ['whsec_new', 'whsec_old'], prices: { premium: 'price_p', ultra: 'price_u' }, apiBase: undefined });
    expect(config.defaultPlan).toBe('premium');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '30.5' }, 'PORT'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ STATIONS_FILE: 'missing.json' }, 'STATIONS_FILE'],
    [{ EVENTS_FILE: 'missing.json' }, 'EVENTS_FILE'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ACCESS_TOKEN_TTL: '2' }, 'ACCESS_TOKEN_TTL'],
    [{ ACCESS_TOKEN_TTL: '1h' }, 'ACCESS_TOKEN_TTL'],
    [{ OAUTH_GITHUB_TOKEN_URL: 'nope' }, 'OAUTH_GITHUB_TOKEN_URL'],
    [{ RELAY_MAX_LISTENERS: '0' }, 'RELAY_MAX_LISTENERS'],
    [{ RELAY_PRIORITY_SHARE: '1' }, 'RELAY_PRIORITY_SHARE'],
    [{ RELAY_PRIORITY_SHARE: 'a fifth' }, 'RELAY_PRIORITY_SHARE'],
    [{ DEFAULT_PLAN: 'gold' }, 'DEFAULT_PLAN'],
    [{ MUSIC_PROVIDER_URL: 'ftp://x' }, 'MUSIC_PROVIDER_URL'],
    [{ MUSIC_PROVIDER_URL: 'http://x', MUSIC_PROVIDER_KIND: 'udio' }, 'MUSIC_PROVIDER_KIND'],
    [{ MUSIC_PROVIDER_URL: 'http://x', MUSIC_PROVIDER_TIMEOUT_SECONDS: '600' }, 'MUSIC_PROVIDER_TIMEOUT_SECONDS'],
    [{ STUDIO_WORKERS: '0' }, 'STUDIO_WORKERS'],
    [{ STRIPE_SECRET_KEY: 'pk_live_1' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_ULTRA: 'price_u' }, 'STRIPE_PRICE_PREMIUM'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_PREMIUM: 'price_p' }, 'STRIPE_PRICE_ULTRA'],
    [{ STRIPE_PRICE_PREMIUM: 'price_p' }, 'STRIPE_PRICE_PREMIUM'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_PREMIUM: 'price_p', STRIPE_PRICE_ULTRA: 'price_u', STRIPE_WEBHOOK_SECRETS: 'secret' }, 'STRIPE_WEBHOOK_SECRETS'],
    [{ OAUTH_GOOGLE_USERINFO_URL: 'ftp://x' }, 'OAUTH_GOOGLE_USERINFO_URL'],
    [{ RTMP_PORT: '70000' }, 'RTMP_PORT'],
    [{ FFMPEG_PATH: '/nowhere/ffmpeg' }, 'FFMPEG_PATH'],
    [{ LIVE_MAX_PUBLISHERS: '0' }, 'LIVE_MAX_PUBLISHERS'],
    [{ LIVE_RETENTION_DAYS: 'forever' }, 'LIVE_RETENTION_DAYS'],
    [{ LIVE_READY_MINUTES: '0' }, 'LIVE_READY_MINUTES'],
    [{ LIVE_MAX_HOURS: '169' }, 'LIVE_MAX_HOURS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/8,,loopback' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
    [{ SECRETS_KEY: 'short' }, 'SECRETS_KEY'],
    [{ SECRETS_KEY: `${'n'.repeat(40)},short` }, 'SECRETS_KEY'],
  ])('names the variable in the error for %j', (env, variable) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(variable)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('reads the ad settings: every 15 minutes with the house spot by default, fractions of a minute, a directory and URLs', () => {
    expect(loadConfig({}, '/srv/app').ads).toEqual({ everyMinutes: 15, dir: undefined, urls: [], streamTickets: true });
    expect(loadConfig({ ADS_STREAM_TICKETS: '0' }, '/srv/app').ads.streamTickets).toBe(false);
    expect(errorOf({ ADS_STREAM_TICKETS: 'sometimes' }).message).toBe('ADS_STREAM_TICKETS must be 1/0, true/false, yes/no or on/off (any case), got "sometimes"');
    const dir = mkdtempSync(path.join(tmpdir(), 'ads-'));
    const config = loadConfig({ ADS_EVERY_MINUTES: '0.05', ADS_DIR: dir, ADS_URLS: 'https://ads.example/a.mp3, http://ads.example/b.ogg' }, '/srv/app');
    expect(config.ads).toEqual({ everyMinutes: 0.05, dir, urls: ['https://ads.example/a.mp3', 'http://ads.example/b.ogg'], streamTickets: true });
    expect(errorOf({ ADS_EVERY_MINUTES: '0' }).message).toBe('ADS_EVERY_MINUTES must be a number from 0.05 to 1440, got "0"');
    expect(errorOf({ ADS_EVERY_MINUTES: 'quarter' }).message).toBe('ADS_EVERY_MINUTES must be a number from 0.05 to 1440, got "quarter"');
    expect(errorOf({ ADS_EVERY_MINUTES: '2000' }).message).toBe('ADS_EVERY_MINUTES must be a number from 0.05 to 1440, got "2000"');
    expect(errorOf({ ADS_DIR: 'no-such-ads' }).message).toBe('ADS_DIR points to a directory that does not exist: no-such-ads');
    expect(errorOf({ ADS_URLS: 'ftp://ads.example/a.mp3' }).message).toBe('ADS_URLS must be http(s) URLs of audio files, separated by commas');
  });

  it('says what is wrong and what it got', () => {
    expect(errorOf({ PORT: 'eighty' }).message).toBe('PORT must be a whole number from 1 to 65535, got "eighty"');
    expect(errorOf({ PUBLIC_URL: 'localhost' }).message).toBe('PUBLIC_URL must be a URL (http or https), got "localhost"');
    expect(errorOf({ SMTP_URL: 'http://mail' }).message).toBe('SMTP_URL must use smtp or smtps, got "http"');
    expect(errorOf({ LOG_LEVEL: 'loud' }).message).toBe('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"');
    expect(errorOf({ JWT_SECRET: 'short' }).message).toBe('JWT_SECRET must be at least 32 characters long');
    expect(errorOf({ TRUST_PROXY: 'nginx' }).message).toBe(
      'TRUST_PROXY must be loopback, a number of hops from 0 to 10, or addresses and CIDRs separated by commas (also linklocal, uniquelocal), got "nginx"',
    );
  });

  it('reads TRUST_PROXY: loopback by default, a number of hops, or a list of names, addresses and CIDRs', () => {
    expect(loadConfig({}, '/').trustProxy).toEqual({ addresses: ['loopback'] });
    expect(loadConfig({ TRUST_PROXY: '2' }, '/').trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '0' }, '/').trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,172.16.0.0/255.240.0.0, fd00::/8, 192.0.2.7, uniquelocal' }, '/').trustProxy).toEqual({
      addresses: ['loopback', '10.0.0.0/8', '172.16.0.0/255.240.0.0', 'fd00::/8', '192.0.2.7', 'uniquelocal'],
    });
  });

  it('reads SECRETS_KEY as the key to seal with, then the older ones that still open', () => {
    expect(loadConfig({}, '/').secretsKeys).toBeUndefined();
    const [fresh, old] = ['n'.repeat(40), 'o'.repeat(32)];
    expect(loadConfig({ SECRETS_KEY: fresh }, '/').secretsKeys).toEqual([fresh]);
    expect(loadConfig({ SECRETS_KEY: `${fresh} , ${old}` }, '/').secretsKeys).toEqual([fresh, old]);
  });

  it('reads trimmed values and treats blank ones as unset', () => {
    expect(loadConfig({ PORT: ' 8080 ', LOG_LEVEL: '  ', ACCESS_TOKEN_TTL: '60' }, '/')).toMatchObject({ port: 8080, logLevel: 'info', accessTokenTtl: 60 });
  });

  it('turns an OAuth provider on only when both its id and secret are set', () => {
    expect(loadConfig({ GITHUB_CLIENT_ID: 'id' }, '/').oauth.github).toBeUndefined();
    const config = loadConfig(
      { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's', OAUTH_GITHUB_TOKEN_URL: 'http://127.0.0.1:9/token' },
      '/',
    );
    expect(config.oauth).toEqual({
      github: { clientId: 'id', clientSecret: 's', tokenUrl: 'http://127.0.0.1:9/token', authorizeUrl: undefined, userinfoUrl: undefined },
    });
  });

  it('resolves relative paths against the working directory and trims the public URL', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    writeFileSync(path.join(dir, 'stations.json'), '[]');
    writeFileSync(path.join(dir, 'events.json'), '[]');
    const config = loadConfig({ STATIONS_FILE: 'stations.json', EVENTS_FILE: 'events.json', DATA_DIR: 'var', PUBLIC_URL: 'https://rock.example/' }, dir);
    expect(config.stationsFile).toBe(path.join(dir, 'stations.json'));
    expect(config.eventsFile).toBe(path.join(dir, 'events.json'));
    expect(config.dataDir).toBe(path.join(dir, 'var'));
    expect(config.publicUrl).toBe('https://rock.example');
  });
});

describe('on/off settings', () => {
  /** Every on/off setting, what it turns on or off in the config, and what else it needs to be read at all. */
  const SWITCHES: Record<string, { read: (config: AppConfig) => boolean | undefined; byDefault: boolean; with?: Record<string, string> }> = {
    ADS_STREAM_TICKETS: { read: (config) => config.ads.streamTickets, byDefault: true },
    WEBHOOK_ALLOW_HTTP: { read: (config) => config.webhooks.allowHttp, byDefault: false },
    S3_FORCE_PATH_STYLE: { read: (config) => config.media.s3?.forcePathStyle, byDefault: false, with: { S3_BUCKET: 'grouarock' } },
  };
  const ON = ['1', 'true', 'TRUE', 'True', 'yes', 'YES', 'on', 'On', ' true '];
  const OFF = ['0', 'false', 'FALSE', 'no', 'No', 'off', 'OFF', ' off '];

  /** The Environment's properties validated as on/off settings, read from its validation metadata. */
  const switchSettings = (): string[] =>
    [...new Set(getMetadataStorage().getTargetValidationMetadatas(Environment, '', false, false).filter((m) => m.name === 'isSwitch').map((m) => m.propertyName))].sort();

  it('are all validated with IsSwitch, and no setting is still limited to 0 and 1', () => {
    expect(switchSettings()).toEqual(Object.keys(SWITCHES).sort());
    const zeroOrOne = getMetadataStorage()
      .getTargetValidationMetadatas(Environment, '', false, false)
      .filter((m) => m.name === 'isIn' && [...(m.constraints[0] as unknown[])].sort().join() === '0,1');
    expect(zeroOrOne.map((m) => m.propertyName)).toEqual([]);
  });

  it('read every spelling in any case through parseSwitch', () => {
    expect([...SWITCH_WORDS.on, ...SWITCH_WORDS.off]).toEqual(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off']);
    for (const word of ON) expect([word, parseSwitch(word)]).toEqual([word, true]);
    for (const word of OFF) expect([word, parseSwitch(word)]).toEqual([word, false]);
    for (const word of ['maybe', 'enabled', '2', 'y', 'tru', 'onn', '']) expect([word, parseSwitch(word)]).toEqual([word, undefined]);
  });

  it.each(Object.entries(SWITCHES))('%s: on and off in every spelling, its default when unset, "maybe" refused naming the words', (name, { read, byDefault, with: needs = {} }) => {
    for (const word of ON) expect([word, read(loadConfig({ ...needs, [name]: word }, '/srv/app'))]).toEqual([word, true]);
    for (const word of OFF) expect([word, read(loadConfig({ ...needs, [name]: word }, '/srv/app'))]).toEqual([word, false]);
    expect(read(loadConfig(needs, '/srv/app'))).toBe(byDefault);
    expect(errorOf({ ...needs, [name]: 'maybe' })).toMatchObject({ variable: name, message: `${name} must be 1/0, true/false, yes/no or on/off (any case), got "maybe"` });
  });

  it('are read alike by the backup and restore scripts (scripts/backup-common.mjs)', () => {
    const words = [...ON, ...OFF, 'maybe', 'enabled', '2'];
    const script = path.resolve(__dirname, '../../../../../scripts/backup-common.mjs');
    const program = `import { parseSwitch } from ${JSON.stringify(script)}; console.log(JSON.stringify(${JSON.stringify(words)}.map((w) => parseSwitch(w) ?? null)));`;
    const read = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' })) as (boolean | null)[];
    expect(read).toEqual(words.map((word) => parseSwitch(word) ?? null));
  });
});

describe('resolveJwtSecret', () => {
  it('generates a secret once, keeps it private in DATA_DIR and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jwt-'));
    const config = loadConfig({ DATA_DIR: dataDir }, '/');
    const first = resolveJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(resolveJwtSecret(config)).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('prefers JWT_SECRET', () => {
    const secret = 'x'.repeat(40);
    expect(resolveJwtSecret(loadConfig({ JWT_SECRET: secret }, '/'))).toBe(secret);
  });
});

describe('resolveSecretsKeys', () => {
  it('generates a key once, apart from the JWT secret, keeps it private in DATA_DIR and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keys-'));
    const config = loadConfig({ DATA_DIR: dataDir }, '/');
    const [first] = resolveSecretsKeys(config);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(resolveSecretsKeys(config)).toEqual([first]);
    expect(first).not.toBe(resolveJwtSecret(config));
    expect(readFileSync(path.join(dataDir, 'secrets-key'), 'utf8')).toBe(first);
    expect(statSync(path.join(dataDir, 'secrets-key')).mode & 0o077).toBe(0);
    expect(readdirSync(dataDir).sort()).toEqual(['jwt-secret', 'secrets-key']);
  });

  it('prefers SECRETS_KEY, every key of it', () => {
    const keys = ['k'.repeat(40), 'j'.repeat(40)];
    expect(resolveSecretsKeys(loadConfig({ SECRETS_KEY: keys.join(',') }, '/'))).toEqual(keys);
  });
});
