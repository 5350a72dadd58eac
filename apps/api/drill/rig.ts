import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Balancer, startBalancer } from '../test/support/balancer';
import { type DebianPostgres, startDebianPostgres } from '../test/support/debian-postgres';
import { BALANCER_ADDRESS, requestFrom } from '../test/support/cluster';
import { freePort } from '../test/support/free-port';
import { IcecastServer } from '../test/support/icecast';
import { LocalObjectStore } from '../test/support/object-store';
import { PrometheusServer } from '../test/support/prometheus';
import { type ServerProcess, startServerProcess } from '../test/support/server-process';
import { log } from './report';

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const FFMPEG: string = process.env.FFMPEG_PATH ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** The drill's stations: two mounts of one real Icecast, each a station of the test catalogue. */
export const STATIONS = ['drill-punk', 'drill-rock'] as const;

/** One replica: where it listens, keeps its data and publishes its metrics; its process while it runs. */
export interface Replica {
  name: string;
  port: number;
  metricsPort: number;
  rtmpPort: number;
  dataDir: string;
  process?: ServerProcess;
}

/**
 * The cluster the drills run on (docs/operations.md, "Fault drills"): the same real parts as the cluster test (three
 * built API processes, each with a DATA_DIR of its own, behind the deployment's nginx; PostgreSQL; an S3 bucket), plus a
 * real Icecast feeding the stations and Prometheus scraping each process. Every part can be stopped and started again
 * in place: a process on its own port, the database on its own, the bucket on its own. The database is Debian's
 * PostgreSQL, whose pg_dump the backup drill needs (the embedded server is newer than any pg_dump here).
 */
export class Rig {
  readonly root = mkdtempSync(path.join(tmpdir(), 'grouarock-drill-'));
  database!: DebianPostgres;
  readonly store = new LocalObjectStore();
  readonly icecast = new IcecastServer();
  readonly replicas: Replica[] = [];
  balancer!: Balancer;
  prometheus!: PrometheusServer;
  databaseUrl = '';
  private env: Record<string, string> = {};

  constructor(private readonly size = 3) {
    chmodSync(this.root, 0o755);
  }

  /** http://127.0.0.1:<balancer>/api/v1 */
  get api(): string {
    return `${this.balancer.base}/api/v1`;
  }

  async start(): Promise<void> {
    this.database = await startDebianPostgres();
    this.databaseUrl = this.database.url;
    await this.store.start();
    await this.icecast.start();
    for (const [i, station] of STATIONS.entries()) {
      await this.icecast.startSource(`/${station}.mp3`, 330 + 110 * i);
      await this.icecast.setTitle(`/${station}.mp3`, `The Drill - ${station} opening`);
    }
    const stations = path.join(this.root, 'stations.json');
    writeFileSync(stations, JSON.stringify(STATIONS.map((id) => ({ id, name: id, country: 'pl', genres: ['punk'], streamUrl: `${this.icecast.base}/${id}.mp3` }))));
    const balancerPort = await freePort();
    this.env = {
      ...this.store.env(),
      STATIONS_FILE: stations,
      PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      TRUST_PROXY: BALANCER_ADDRESS,
      ACCESS_TOKEN_TTL: '3600',
      // Retries of a generation whose store was away: soon, then twice as long each time (the default is 5 s).
      JOB_RETRY_DELAY_SECONDS: '2',
    };
    for (let i = 0; i < this.size; i++) {
      const dataDir = path.join(this.root, `app${i + 1}`);
      this.replicas.push({ name: `app${i + 1}`, port: await freePort(), metricsPort: await freePort(), rtmpPort: await freePort(), dataDir });
    }
    // Together, as the replicas of a deploy start: the migrations take turns.
    await Promise.all(this.replicas.map((replica) => this.startReplica(replica)));
    this.balancer = await startBalancer(
      this.replicas.map((r) => `127.0.0.1:${r.port}`),
      balancerPort,
    );
    this.prometheus = await new PrometheusServer(this.replicas.map((r) => `127.0.0.1:${r.metricsPort}`)).start();
  }

  async startReplica(replica: Replica): Promise<void> {
    const started = await startServerProcess(
      this.databaseUrl,
      replica.dataDir,
      { ...this.env, RTMP_PORT: String(replica.rtmpPort), METRICS_PORT: String(replica.metricsPort) },
      { port: replica.port },
    );
    replica.process = started;
    // A replica that ends without being stopped: what it said last is the drill's best clue.
    void started.exited.then((code) => {
      if (replica.process === started) log(`${replica.name} exited on its own (code ${code}); its last output:\n${started.output().slice(-3000)}`);
    });
  }

  /** SIGTERM, as an orchestrator stops a replica; resolves with its exit code once it has exited. */
  async stopReplica(replica: Replica): Promise<number | null> {
    const running = replica.process;
    if (!running) return null;
    replica.process = undefined;
    process.kill(running.pid, 'SIGTERM');
    return running.exited;
  }

  /** A confirmed, signed-in account whose requests come from `address`. */
  async member(address: string, label: string): Promise<{ id: string; token: string; email: string; password: string }> {
    const email = `drill-${label}-${Date.now()}@example.com`;
    const password = 'riff-raff-123';
    const signUp = await requestFrom(address, `${this.api}/auth/signup`, { method: 'POST', body: { email, password } });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${signUp.body.toString()}`);
    await this.sql('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
    const session = await requestFrom(address, `${this.api}/auth/token?grant_type=password`, { method: 'POST', body: { email, password } });
    if (session.status !== 200) throw new Error(`sign-in answered ${session.status}: ${session.body.toString()}`);
    return { id: session.json().user.id as string, token: session.json().access_token as string, email, password };
  }

  /** A statement on the drill's database, on a connection of its own. */
  async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    await this.prometheus?.stop().catch(() => undefined);
    await this.balancer?.stop().catch(() => undefined);
    await Promise.all(
      this.replicas.map((r) => {
        const running = r.process;
        r.process = undefined;
        return running?.kill().catch(() => undefined);
      }),
    );
    await this.icecast.stop().catch(() => undefined);
    await this.store.stop().catch(() => undefined);
    await this.database?.stop().catch(() => undefined);
    rmSync(this.root, { recursive: true, force: true });
  }
}

/**
 * An RTMP publisher as OBS is one: a clip encoded once (x264, a keyframe every second, AAC) looped in real time to a
 * replica's RTMP port with the stream's key. It can be ended (a dropped connection) and started again, to any replica.
 */
export class Publisher {
  private child?: ChildProcess;
  private readonly clip: string;

  constructor(dir: string) {
    this.clip = path.join(dir, 'clip.flv');
    execFileSync(FFMPEG, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-t', '10', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', this.clip,
    ]);
  }

  publish(rtmpPort: number, streamKey: string): void {
    this.child = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', this.clip, '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`], {
      stdio: 'ignore',
    });
  }

  /** Whether ffmpeg still runs (it exits when the replica it sent to went away). */
  get publishing(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
}
