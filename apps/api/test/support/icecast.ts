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

/** A real Icecast2 server (Debian's icecast2) on loopback, with ffmpeg as its source. */
export class IcecastServer {
  readonly sourcePassword = 'source-secret';
  readonly adminPassword = 'admin-secret';
  port = 0;
  private dir = '';
  private server?: ChildProcess;
  private readonly sources = new Map<string, ChildProcess>();

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The Icecast process (for measurements). */
  get pid(): number {
    return this.server?.pid as number;
  }

  async start(): Promise<void> {
    this.port = await freePort();
    this.dir = mkdtempSync(path.join(tmpdir(), 'icecast-'));
    chmodSync(this.dir, 0o777);
    mkdirSync(path.join(this.dir, 'log'), { mode: 0o777 });
    chmodSync(path.join(this.dir, 'log'), 0o777);
    const root = process.getuid?.() === 0;
    const config = `<icecast>
  <limits><clients>2000</clients><sources>10</sources><burst-size>65536</burst-size></limits>
  <authentication>
    <source-password>${this.sourcePassword}</source-password>
    <admin-user>admin</admin-user><admin-password>${this.adminPassword}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${this.port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <mount type="default"><charset>UTF-8</charset></mount>
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
  async startSource(mount: string, frequency = 440): Promise<void> {
    const source = spawn(
      'ffmpeg',
      ['-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100`, '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg', '-f', 'mp3', `icecast://source:${this.sourcePassword}@127.0.0.1:${this.port}${mount}`],
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
