import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { WebSocket } from 'ws';
import { type Cluster, requestFrom, startCluster } from './support/cluster';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startTestApp } from './support/app';
import { LiveMaintenance } from '../src/live/live-maintenance.service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ffmpeg: string = process.env.FFMPEG_PATH ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The platform as an operator runs it on several machines (docs/operations.md, "Several processes"): three API
 * processes with DATA_DIRs of their own, one PostgreSQL, media in an S3 bucket, and nginx in front. Everything a user
 * does goes through the balancer, from an address of its own; nothing of theirs may depend on which process answers.
 */
describe('three API processes behind a load balancer, media in S3-compatible storage', () => {
  let db: TestDatabase;
  let cluster: Cluster;
  let lb: string;
  let client = 10;
  /** Each user's requests come from an address of their own, as users on the internet do. */
  const nextAddress = () => `127.0.0.${client++}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    cluster = await startCluster(db.url, 3);
    lb = `${cluster.balancer.base}/api/v1`;
  }, 90_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
  });

  /** A confirmed, signed-in account whose requests come from `address`. */
  async function member(address: string): Promise<{ id: string; token: string; email: string }> {
    const email = `cluster-${address.replace(/\./g, '-')}-${Date.now()}@example.com`;
    const signUp = await requestFrom(address, `${lb}/auth/signup`, { method: 'POST', body: { email, password: 'riff-raff-123' } });
    expect(signUp.status).toBe(201);
    await db.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
    const session = await requestFrom(address, `${lb}/auth/token?grant_type=password`, { method: 'POST', body: { email, password: 'riff-raff-123' } });
    expect(session.status).toBe(200);
    return { id: session.json().user.id as string, token: session.json().access_token as string, email };
  }

  const objectKeys = async (prefix: string) => {
    const keys: string[] = [];
    for (const name of execFileSync('find', [cluster.store.dir, '-type', 'f'], { encoding: 'utf8' }).split('\n')) {
      // s3rver keeps each object as <bucket>/<key>._S3rver_object beside its metadata.
      const match = /grouarock-media\/(.+)\._S3rver_object$/.exec(name);
      if (match?.[1].startsWith(prefix)) keys.push(match[1]);
    }
    return keys;
  };

  /** A member's generation made by whichever process's worker takes the job: its track's id, and the member's headers. */
  async function madeTrack(address: string, prompt: string): Promise<{ id: string; auth: Record<string, string>; audio: string; cover: string }> {
    const who = await member(address);
    const auth = { authorization: `Bearer ${who.token}` };
    const started = await requestFrom(address, `${lb}/studio/generate`, { method: 'POST', headers: auth, body: { prompt, length: '30s' } });
    expect(started.status).toBe(200);
    const [taskId] = started.json().task_ids as string[];
    const done = await until('the track', 60_000, async () => {
      const status = await requestFrom(address, `${lb}/studio/status`, { method: 'POST', headers: auth, body: { task_ids: [taskId] } });
      return status.json().completed ? status.json() : undefined;
    });
    // The track's signed links (docs/studio.md), as paths any process (or the balancer) answers.
    const made = done.tracks[0] as { id: string; audio_url: string; image_url: string };
    const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
    return { id: made.id, auth, audio: pathOf(made.audio_url), cover: pathOf(made.image_url) };
  }

  it('serves a studio track made by one process with identical bytes through every process, and deleting it removes its objects', async () => {
    const address = nextAddress();
    const [track, kept] = await Promise.all([madeTrack(address, 'Szybki punk na trzy procesy'), madeTrack(nextAddress(), 'Wolny rock na trzy procesy')]);
    const { auth } = track;
    const paths = [track.audio, track.cover];
    for (const p of paths) {
      const hashes = new Set<string>();
      for (const proc of cluster.processes) {
        const res = await fetch(`${proc.base}${p}`);
        expect([p, proc.port, res.status]).toEqual([p, proc.port, 200]);
        hashes.add(sha(Buffer.from(await res.arrayBuffer())));
      }
      for (let i = 0; i < 3; i++) hashes.add(sha((await requestFrom(address, `${cluster.balancer.base}${p}`)).body));
      expect(hashes.size).toBe(1);
    }
    // Seeking lands on any process too.
    const ranged = await requestFrom(address, `${cluster.balancer.base}${paths[0]}`, { headers: { range: 'bytes=100-199' } });
    expect([ranged.status, ranged.body.length]).toEqual([206, 100]);

    // Its files are objects in the bucket, not files on any process's disk.
    const [files] = await db.query<{ audio_key: string; image_key: string }>('SELECT audio_key, image_key FROM studio_tracks WHERE id = $1', [track.id]);
    const stored = await objectKeys('studio/');
    expect(stored).toEqual(expect.arrayContaining([files.audio_key, files.image_key]));
    expect(execFileSync('find', [...cluster.dataDirs, '-name', '*.mp3'], { encoding: 'utf8' })).toBe('');

    expect((await requestFrom(address, `${lb}/studio/tracks/${track.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    const left = await objectKeys('studio/');
    expect(left).not.toContain(files.audio_key);
    expect(left).not.toContain(files.image_key);
    for (const proc of cluster.processes) expect((await fetch(`${proc.base}${paths[0]}`)).status).toBe(404);
    // The other member's track is untouched; the last test plays it after a process dies.
    const [keptFiles] = await db.query<{ audio_key: string; image_key: string }>('SELECT audio_key, image_key FROM studio_tracks WHERE id = $1', [kept.id]);
    expect(left).toEqual(expect.arrayContaining([keptFiles.audio_key, keptFiles.image_key]));
    keptTrack = kept.audio;
  }, 90_000);

  let keptTrack: string | undefined;

  it('plays an RTMP stream published to one process for 30 s through the balancer, keeps it live while other processes sweep, and plays its replay', async () => {
    const address = nextAddress();
    const owner = await member(address);
    const auth = { authorization: `Bearer ${owner.token}` };
    const created = await requestFrom(address, `${lb}/stream/create`, { method: 'POST', headers: auth, body: { title: 'Koncert na trzech maszynach', genre: 'rock' } });
    expect(created.status).toBe(200);
    const { id, streamKey } = created.json() as { id: string; streamKey: string };
    // OBS sends to the ingest process (the balancer's RTMP port goes to one process; here, the second).
    // A clip encoded once as OBS sends it (x264, a keyframe every second, AAC), looped in real time.
    const clip = path.join(cluster.dataDirs[1], 'clip.flv');
    execFileSync(ffmpeg, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-t', '10', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '96k', '-f', 'flv', clip,
    ]);
    const publisher: ChildProcess = spawn(
      ffmpeg,
      ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${cluster.rtmpPorts[1]}/live/${streamKey}`],
      { stdio: 'ignore' },
    );
    try {
      await until('the stream to go live', 20_000, async () => ((await requestFrom(address, `${lb}/live/${id}/index.m3u8`)).status === 200 ? true : undefined));
      // A process that never packaged the stream runs the sweep (each process may, once a minute): the stream stays.
      const sweeper = await startTestApp(db.url, { ...cluster.store.env(), DATA_DIR: cluster.dataDirs[2] });
      try {
        const fetched = new Set<string>();
        const from = Date.now();
        const startedAt = Date.parse((await requestFrom(address, `${lb}/stream/${id}`)).json().startedAt as string);
        let sweeps = 0;
        while (Date.now() - from < 30_000) {
          const playlist = await requestFrom(address, `${lb}/live/${id}/index.m3u8`);
          expect(playlist.status).toBe(200);
          for (const segment of playlist.body.toString().match(/seg-\d+\.ts/g) ?? []) {
            if (fetched.has(segment)) continue;
            const res = await requestFrom(address, `${lb}/live/${id}/${segment}`);
            expect([segment, res.status]).toEqual([segment, 200]);
            expect(res.body.length).toBeGreaterThan(1000);
            fetched.add(segment);
          }
          // At 10 s and at 20 s, by a clock 65 s after the stream started: a sweep that judged by its own disk (which
          // has no segment of this stream) would take it for a stream whose packager went away a minute ago.
          // (Two at most: a loaded machine's last round may start just before 30 s and pass it while fetching.)
          if (sweeps < 2 && Date.now() - from > 10_000 * (sweeps + 1)) {
            await sweeper.get(LiveMaintenance).run(new Date(startedAt + 65_000));
            sweeps++;
          }
          await new Promise((r) => setTimeout(r, 1000));
        }
        expect(sweeps).toBe(2);
        expect(fetched.size).toBeGreaterThanOrEqual(25);
        expect((await requestFrom(address, `${lb}/stream/${id}`)).json()).toMatchObject({ status: 'live' });
      } finally {
        await sweeper.close();
      }
    } finally {
      publisher.kill('SIGINT');
    }
    expect((await requestFrom(address, `${lb}/stream/${id}/stop`, { method: 'POST', headers: auth })).status).toBe(204);
    const replay = await until('the replay', 10_000, async () => {
      const text = (await requestFrom(address, `${lb}/live/${id}/index.m3u8`)).body.toString();
      return text.includes('#EXT-X-ENDLIST') ? text : undefined;
    });
    const segments = replay.match(/seg-\d+\.ts/g) ?? [];
    expect(segments.length).toBeGreaterThanOrEqual(25);
    for (const segment of segments) expect([segment, (await requestFrom(address, `${lb}/live/${id}/${segment}`)).status]).toEqual([segment, 200]);
    // The balancer kept every segment after its first read (the API marks them immutable): the replay costs no replica.
    const again = await requestFrom(address, `${lb}/live/${id}/${segments[0]}`);
    expect([again.status, again.headers['x-cache']]).toEqual([200, 'HIT']);
    // Decoded from the first segment to the last through the balancer, as a player would (not a synchronous child:
    // the bucket's server runs in this process).
    const player = spawn(ffmpeg, ['-hide_banner', '-v', 'error', '-i', `${lb}/live/${id}/index.m3u8`, '-f', 'null', '-']);
    let errors = '';
    player.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    expect(await new Promise((resolve) => player.once('exit', resolve))).toBe(0);
    expect(errors).toBe('');
    replayId = id;
  }, 120_000);

  it('locks the address of 21 failed sign-ins only, whichever processes they reach', async () => {
    const victim = await member(nextAddress());
    const attacker = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // A forged X-Forwarded-For changes nothing: the balancer's hop alone names the client.
      const res = await requestFrom(attacker, `${lb}/auth/token?grant_type=password`, {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        body: { email: `nobody-${i}@example.com`, password: 'guess-guess' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    const elsewhere = await requestFrom(nextAddress(), `${lb}/auth/token?grant_type=password`, { method: 'POST', body: { email: victim.email, password: 'riff-raff-123' } });
    expect(elsewhere.status).toBe(200);
  }, 60_000);

  it("gives the Free plan's burst of exactly 50 to keyed requests spread over the processes", async () => {
    const address = nextAddress();
    const who = await member(address);
    const created = await requestFrom(address, `${lb}/developer/keys`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: { name: 'cluster bot' } });
    expect(created.status).toBe(201);
    const key = created.json().key as string;
    const answers = await Promise.all(Array.from({ length: 80 }, () => requestFrom(address, `${lb}/radio/stations`, { headers: { authorization: `Bearer ${key}` } })));
    expect([answers.filter((a) => a.status === 200).length, answers.filter((a) => a.status === 429).length]).toEqual([50, 30]);
  }, 60_000);

  let replayId: string | undefined;

  it('keeps answering when one process is killed: realtime clients reconnect and get the next event, nothing stored is lost', async () => {
    const address = nextAddress();
    const audioBefore = (await requestFrom(address, `${cluster.balancer.base}${keptTrack}`)).body;
    expect(audioBefore.length).toBeGreaterThan(10_000);
    // Three realtime clients through the balancer: between them, every process holds one.
    type Client = { socket: WebSocket; frames: { type: string; channel?: string; data?: { id?: string } }[] };
    const connect = async (): Promise<Client> => {
      const socket = new WebSocket(`${lb.replace('http', 'ws')}/realtime`, { localAddress: address });
      const client: Client = { socket, frames: [] };
      socket.on('message', (data) => client.frames.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ action: 'subscribe', channel: 'global.events' }));
      await until('subscribed', 5000, async () => (client.frames.some((f) => f.type === 'subscribed') ? true : undefined));
      return client;
    };
    const clients = [await connect(), await connect(), await connect()];
    const closed = clients.map((c) => new Promise<void>((resolve) => c.socket.once('close', () => resolve())));

    await cluster.processes[2].kill();
    // The balancer moves on: every request answers, whichever process would have had it.
    for (let i = 0; i < 9; i++) expect((await requestFrom(address, `${lb}/health`)).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await requestFrom(address, `${lb}/radio/stations`)).status).toBe(200);
    // A client whose process died reconnects (as the web app does) and hears what comes next.
    const live = await Promise.all(
      clients.map(async (c, i) => {
        const gone = await Promise.race([closed[i].then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 1500))]);
        return gone ? connect() : c;
      }),
    );
    expect(live.filter((c, i) => c !== clients[i]).length).toBeGreaterThanOrEqual(1);
    // What was stored before is all there: the replay plays and deleting it is heard by every client.
    expect(replayId).toBeDefined();
    const replay = await requestFrom(address, `${lb}/live/${replayId}/index.m3u8`);
    expect(replay.status).toBe(200);
    for (const segment of replay.body.toString().match(/seg-\d+\.ts/g) ?? []) {
      expect([segment, (await requestFrom(address, `${lb}/live/${replayId}/${segment}`)).status]).toEqual([segment, 200]);
    }
    for (let i = 0; i < 3; i++) expect(sha((await requestFrom(address, `${cluster.balancer.base}${keptTrack}`)).body)).toBe(sha(audioBefore));
    const [owned] = await db.query<{ user_id: string }>('SELECT user_id FROM live_streams WHERE id = $1', [replayId]);
    const [{ token }] = [await tokenFor(owned.user_id)];
    expect((await requestFrom(address, `${lb}/stream/${replayId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(204);
    for (const c of live) {
      await until('stream_deleted on every client', 5000, async () => (c.frames.some((f) => f.type === 'stream_deleted' && f.data?.id === replayId) ? true : undefined));
      c.socket.close();
    }
  }, 60_000);

  /** A fresh session of an existing account (its password is the one `member` sets). */
  async function tokenFor(userId: string): Promise<{ token: string }> {
    const [{ email }] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
    const res = await requestFrom(nextAddress(), `${lb}/auth/token?grant_type=password`, { method: 'POST', body: { email, password: 'riff-raff-123' } });
    return { token: res.json().access_token as string };
  }
});

