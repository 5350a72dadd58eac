import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { WebSocket } from 'ws';
import { Ffmpeg } from '../src/repositories/ffmpeg';
import { startListeningApp, useApiUnderTest } from './support/app';
import { membersOf } from './support/members';
import { freePort } from './support/free-port';
import { run, until } from './support/waiting';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

/** Segment URLs of a playlist, resolved against it. */
const segmentUrls = (playlistUrl: string, text: string) => text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => new URL(line, playlistUrl).toString());

describe('Ultra-only live streams and beta features (Ultra first)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-live-audience-'));
  let rtmpPort = 0;
  beforeAll(async () => {
    rtmpPort = await freePort();
  });
  const api = useApiUnderTest(() => ({ RTMP_PORT: String(rtmpPort), DATA_DIR: dataDir, BETA_FEATURES: 'browser-live' }));
  const publishers = new Set<ChildProcess>();
  let ffmpeg = '';
  const clip = path.join(dataDir, 'clip.flv');
  beforeAll(async () => {
    ffmpeg = api.app.get(Ffmpeg).binary;
    await run(ffmpeg, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-t', '10', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', clip,
    ]);
  }, 30_000);
  afterAll(() => {
    for (const p of publishers) p.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const members = membersOf(api, '198.18.40');
  const { call } = members;
  /** A member, on `plan` by an operator's grant when given. */
  const member = async (plan?: 'premium' | 'ultra') => {
    const who = await members.member();
    if (plan) await api.db.query('INSERT INTO plan_grants (user_id, plan) VALUES ($1, $2)', [who.id, plan]);
    return who;
  };
  const publish = (key: string) => {
    const p = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`], { stdio: 'ignore' });
    publishers.add(p);
    return p;
  };
  const playlistOf = (id: string, access?: string) => fetch(`${api.base}/live/${id}/index.m3u8${access ? `?access=${access}` : ''}`);
  const accessOf = (watch: Json) => new URL(watch.playbackUrl as string).searchParams.get('access')!;

  it('plays an Ultra-only stream for Ultra members and its owner only: the list shows it locked to everyone, its playlist, segments and replay refuse the others (403, requiredPlan ultra)', async () => {
    const owner = await member();
    const basic = await member();
    const premium = await member('premium');
    const ultra = await member('ultra');
    expect((await call('POST', '/stream/create', owner.token, { title: 'Tylko dla Ultra', genre: 'rock', audience: 'vip' })).status).toBe(400);
    const created = (await call('POST', '/stream/create', owner.token, { title: 'Tylko dla Ultra', genre: 'rock', audience: 'ultra' })).body;
    expect((await call('GET', `/stream/${created.id}`)).body).toMatchObject({ title: 'Tylko dla Ultra', audience: 'ultra', requiredPlan: 'ultra', status: 'ready' });

    const publisher = publish(created.streamKey);
    const ownerWatch = await call('POST', `/stream/${created.id}/watch`, owner.token);
    expect(ownerWatch.status).toBe(200);
    expect(ownerWatch.body.accessUntil).toEqual(expect.any(String));
    await until('the first playlist', 10_000, async () => ((await playlistOf(created.id, accessOf(ownerWatch.body))).ok ? true : undefined));
    const listed = (await call('GET', '/stream/list')).body.live.find((s: Json) => s.id === created.id);
    expect(listed).toMatchObject({ title: 'Tylko dla Ultra', ownerName: expect.any(String), audience: 'ultra', requiredPlan: 'ultra', isLive: true });

    // Basic, Premium and nobody signed in: no access to be had, and the files refuse them.
    for (const token of [basic.token, premium.token, undefined]) {
      const refused = await call('POST', `/stream/${created.id}/watch`, token);
      expect(refused).toMatchObject({ status: 403, body: { code: 'ultra_only', requiredPlan: 'ultra' } });
    }
    const bare = await playlistOf(created.id);
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject({ code: 'ultra_only', requiredPlan: 'ultra' });

    // Ultra: the playlist carries the access into each segment URL, and the segments play, never shared by caches.
    const ultraWatch = (await call('POST', `/stream/${created.id}/watch`, ultra.token)).body;
    const playlistUrl = ultraWatch.playbackUrl as string;
    const text = await (await fetch(playlistUrl)).text();
    const segments = segmentUrls(playlistUrl, text);
    expect(segments.length).toBeGreaterThan(0);
    for (const url of segments) expect(new URL(url).searchParams.get('access')).toBe(accessOf(ultraWatch));
    const segment = await fetch(segments[0]);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('cache-control')).toMatch(/^private/);
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // The same segment without the access, with a forged one, or with another stream's, is refused.
    const segmentPath = new URL(segments[0]).pathname;
    const refusedSegment = await fetch(new URL(segmentPath, api.base).toString());
    expect(refusedSegment.status).toBe(403);
    expect(await refusedSegment.json()).toMatchObject({ code: 'ultra_only', requiredPlan: 'ultra' });
    const [payload, signature] = accessOf(ultraWatch).split('.');
    const forgedPayload = Buffer.from(Buffer.from(payload, 'base64url').toString().replace(ultra.id, basic.id)).toString('base64url');
    expect((await fetch(new URL(`${segmentPath}?access=${forgedPayload}.${signature}`, api.base).toString())).status).toBe(403);
    expect((await playlistOf(created.id, `${payload}.${signature.slice(1)}A`)).status).toBe(403);
    expect((await playlistOf(created.id, 'not-an-access')).status).toBe(400);

    // The owner opens it to everyone while live, and back; nobody else may, and each change is seen at once.
    expect((await call('PATCH', `/stream/${created.id}`, basic.token, { audience: 'everyone' })).status).toBe(404);
    expect((await call('PATCH', `/stream/${created.id}`, owner.token, { audience: 'all' })).status).toBe(400);
    expect((await call('PATCH', `/stream/${created.id}`, owner.token, { audience: 'everyone' })).body).toMatchObject({ audience: 'everyone', requiredPlan: null });
    expect((await playlistOf(created.id)).status).toBe(200);
    expect((await call('POST', `/stream/${created.id}/watch`, basic.token)).body).toEqual({ playbackUrl: created.playbackUrl, accessUntil: null });
    expect((await call('PATCH', `/stream/${created.id}`, owner.token, { audience: 'ultra' })).status).toBe(200);
    expect((await playlistOf(created.id)).status).toBe(403);

    // The replay keeps its audience, and it can no longer change.
    expect((await call('POST', `/stream/${created.id}/stop`, owner.token)).status).toBe(204);
    publisher.kill('SIGKILL');
    await until('the replay', 10_000, async () => ((await call('GET', `/stream/${created.id}`)).body.status === 'ended' ? true : undefined));
    expect((await call('PATCH', `/stream/${created.id}`, owner.token, { audience: 'everyone' })).body).toMatchObject({ code: 'stream_ended' });
    expect((await playlistOf(created.id)).status).toBe(403);
    expect((await call('POST', `/stream/${created.id}/watch`, premium.token)).status).toBe(403);
    const replayUrl = (await call('POST', `/stream/${created.id}/watch`, ultra.token)).body.playbackUrl as string;
    const replay = await until('the replay playlist', 10_000, async () => {
      const res = await fetch(replayUrl);
      expect(res.status).toBe(200);
      const body = await res.text();
      return body.includes('#EXT-X-ENDLIST') ? body : undefined;
    });
    expect(segmentUrls(replayUrl, replay).every((url) => new URL(url).searchParams.has('access'))).toBe(true);
  }, 60_000);

  const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  /** A browser publisher for a new stream of `who`, through the API at `base`: its close code, or 'held' once the API took it. */
  const goLiveFromBrowser = async (base: string, who: { id: string; token: string }) => {
    const created = (await call('POST', '/stream/create', who.token, { title: 'Z przeglądarki', genre: 'pop' })).body;
    // With a single-use ticket, as the web app connects (a ticket is good on any process).
    const ticket = (await call('POST', '/realtime/ticket', who.token)).body.ticket as string;
    const socket = new WebSocket(`${base.replace('http', 'ws')}/stream/ingest?id=${created.id}&codec=h264&token=${ticket}`);
    const closed = closeCode(socket);
    const held = until('the publisher held', 10_000, async () => {
      const [row] = (await api.db.query('SELECT publisher_until FROM live_streams WHERE id = $1', [created.id])) as { publisher_until: Date | null }[];
      return row.publisher_until ? 'held' : undefined;
    });
    const outcome = await Promise.race([closed, held]);
    socket.close();
    await closed;
    await call('POST', `/stream/${created.id}/stop`, who.token);
    return outcome;
  };

  it('keeps a feature in BETA_FEATURES (going live from the browser) for Ultra: Basic and Premium are refused (4402), Ultra goes live; entitlements and the public list say so', async () => {
    const basic = await member();
    const premium = await member('premium');
    const ultra = await member('ultra');
    expect((await call('GET', '/beta')).body).toEqual({ features: ['browser-live'], plan: 'ultra' });
    expect((await call('GET', '/me/entitlements', basic.token)).body.beta).toEqual([]);
    expect((await call('GET', '/me/entitlements', premium.token)).body.beta).toEqual([]);
    expect((await call('GET', '/me/entitlements', ultra.token)).body.beta).toEqual(['browser-live']);
    expect(await goLiveFromBrowser(api.base, basic)).toBe(4402);
    expect(await goLiveFromBrowser(api.base, premium)).toBe(4402);
    expect(await goLiveFromBrowser(api.base, ultra)).toBe('held');
  }, 40_000);

  describe('without BETA_FEATURES', () => {
    let plain: { app: NestFastifyApplication; base: string };
    beforeAll(async () => {
      plain = await startListeningApp(api.db.url, { DATA_DIR: dataDir });
    }, 30_000);
    afterAll(() => plain?.app.close());

    it('gives every plan every feature: Basic goes live from the browser, and nothing is listed as beta', async () => {
      const basic = await member();
      const base = `${plain.base}/api/v1`;
      expect(await (await fetch(`${base}/beta`)).json()).toEqual({ features: [], plan: 'ultra' });
      expect(await goLiveFromBrowser(base, basic)).toBe('held');
    }, 30_000);
  });
});
