import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';


async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

interface SourceStats {
  listenurl: string;
  listeners: number;
}

/** One mount's own limits (Icecast's `<mount>` section); unset ones follow the server's. */
export interface IcecastMountOptions {
  /** Listeners the mount takes at once; more get 403. Unset: no limit of its own. */
  maxListeners?: number;
  /** Bytes a listener may fall behind by before Icecast drops it. */
  queueSize?: number;
  /** Bytes of recent audio a new listener gets at once. */
  burstSize?: number;
}

/** What a test or a bench needs other than the defaults (Icecast's `<limits>`, and per-mount sections). */
export interface IcecastOptions {
  /** Connections at once over the whole server (listeners, sources, status and admin requests); more get 403. */
  clients?: number;
  /** Sources at once. */
  sources?: number;
  /** Bytes a listener may fall behind by before it is dropped, for every mount. Unset: Icecast's default (500 KiB). */
  queueSize?: number;
  /** Bytes of recent audio a new listener gets at once, for every mount. */
  burstSize?: number;
  /** Per-mount limits by mount (`/bench.mp3`). */
  mounts?: Record<string, IcecastMountOptions>;
  /**
   * Ports Icecast listens on, all serving the same. Icecast 2.4 listens with a backlog of 5 and accepts on the thread
   * that adds listeners to a mount, which waits while the mount writes to its listeners: connecting thousands of
   * listeners in seconds takes their connections spread over several ports.
   */
  listenSockets?: number;
}

const int = (tag: string, value: number | undefined) => (value === undefined ? '' : `<${tag}>${Math.floor(value)}</${tag}>`);

/** A real Icecast2 server (Debian's icecast2) on loopback, with ffmpeg as its source. */
export class IcecastServer {
  readonly sourcePassword = 'source-secret';
  readonly adminPassword = 'admin-secret';
  port = 0;
  /** Every port it listens on, `port` first. */
  ports: number[] = [];
  private dir = '';
  private server?: ChildProcess;
  private readonly sources = new Map<string, ChildProcess>();
  private readonly options: IcecastOptions;

  /** The defaults suit the tests (2000 clients, 10 sources, a 64 KiB burst); a bench raises them. */
  constructor(options: IcecastOptions = {}) {
    this.options = { clients: 2000, sources: 10, burstSize: 65536, ...options };
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The base URL of every port it listens on, `base` first. */
  get bases(): string[] {
    return this.ports.map((port) => `http://127.0.0.1:${port}`);
  }

  /** The Icecast process (for measurements). */
  get pid(): number {
    return this.server?.pid as number;
  }

  async start(): Promise<void> {
    this.ports = [];
    while (this.ports.length < Math.max(1, this.options.listenSockets ?? 1)) {
      const port = await freePort();
      if (!this.ports.includes(port)) this.ports.push(port);
    }
    this.port = this.ports[0];
    this.dir = mkdtempSync(path.join(tmpdir(), 'icecast-'));
    chmodSync(this.dir, 0o777);
    mkdirSync(path.join(this.dir, 'log'), { mode: 0o777 });
    chmodSync(path.join(this.dir, 'log'), 0o777);
    const root = process.getuid?.() === 0;
    const limits = this.options;
    const mounts = Object.entries(limits.mounts ?? {})
      .map(([mount, m]) => `\n  <mount type="normal"><mount-name>${mount}</mount-name>${int('max-listeners', m.maxListeners)}${int('queue-size', m.queueSize)}${int('burst-size', m.burstSize)}</mount>`)
      .join('');
    const config = `<icecast>
  <limits>${int('clients', limits.clients)}${int('sources', limits.sources)}${int('queue-size', limits.queueSize)}${int('burst-size', limits.burstSize)}</limits>
  <authentication>
    <source-password>${this.sourcePassword}</source-password>
    <admin-user>admin</admin-user><admin-password>${this.adminPassword}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  ${this.ports.map((port) => `<listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>`).join('\n  ')}
  <mount type="default"><charset>UTF-8</charset></mount>${mounts}
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir><logdir>${this.dir}/log</logdir>
    <webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot>
  </paths>
  <logging><loglevel>2</loglevel><errorlog>-</errorlog><accesslog>access.log</accesslog></logging>
  <security><chroot>0</chroot>${root ? '<changeowner><user>icecast2</user><group>icecast</group></changeowner>' : ''}</security>
</icecast>`;
    const file = path.join(this.dir, 'icecast.xml');
    writeFileSync(file, config);
    chmodSync(file, 0o644);
    this.server = spawn('icecast2', ['-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    await until(async () => ((await fetch(`${this.base}/status-json.xsl`)).ok ? true : undefined), 'Icecast to answer');
  }

  /** Starts ffmpeg sending a sine tone as MP3 to `mount`, and waits for the mount to exist. */
  /** Feeds `mount` a sine tone of `frequency` Hz as MP3 at `kbps` kbit/s. */
  async startSource(mount: string, frequency = 440, kbps = 128): Promise<void> {
    const source = spawn(
      'ffmpeg',
      ['-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100`, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', `${kbps}k`, '-content_type', 'audio/mpeg', '-f', 'mp3', `icecast://source:${this.sourcePassword}@127.0.0.1:${this.port}${mount}`],
      { stdio: 'ignore' },
    );
    this.sources.set(mount, source);
    await until(async () => ((await this.stats(mount)) ? true : undefined), `the mount ${mount}`);
  }

  async stopSource(mount: string): Promise<void> {
    const source = this.sources.get(mount);
    this.sources.delete(mount);
    if (!source || source.exitCode !== null) return;
    source.kill('SIGKILL');
    await new Promise((r) => source.once('exit', r));
    await until(async () => ((await this.stats(mount)) ? undefined : true), `the mount ${mount} to go away`);
  }

  /** Sets the mount's StreamTitle through Icecast's admin API. */
  async setTitle(mount: string, song: string): Promise<void> {
    const url = `${this.base}/admin/metadata?mount=${encodeURIComponent(mount)}&mode=updinfo&charset=UTF-8&song=${encodeURIComponent(song)}`;
    const res = await fetch(url, { headers: { authorization: `Basic ${Buffer.from(`admin:${this.adminPassword}`).toString('base64')}` } });
    if (!res.ok) throw new Error(`Icecast refused the title: ${res.status}`);
  }

  /** Icecast's own count of listeners on the mount, undefined while the mount does not exist. */
  async listeners(mount: string): Promise<number | undefined> {
    return (await this.stats(mount))?.listeners;
  }

  private async stats(mount: string): Promise<SourceStats | undefined> {
    const body = (await (await fetch(`${this.base}/status-json.xsl`)).json()) as { icestats: { source?: SourceStats | SourceStats[] } };
    const sources = body.icestats.source === undefined ? [] : ([] as SourceStats[]).concat(body.icestats.source);
    return sources.find((s) => s.listenurl.endsWith(mount));
  }

  async stop(): Promise<void> {
    for (const mount of [...this.sources.keys()]) await this.stopSource(mount).catch(() => undefined);
    if (this.server && this.server.exitCode === null) {
      this.server.kill('SIGTERM');
      await new Promise((r) => this.server?.once('exit', r));
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export { until };
