// npm run bench:live — live streaming on this machine, each figure beside a reference from the same run:
// - first_playlist_s: an RTMP publisher starting → our first playlist served, against ffmpeg packaging the same clip
//   straight from the file (no RTMP, no API) → its first playlist;
// - latency_p50_s / latency_p95_s: glass to glass in Chromium, in the product's own player (the home page's watch
//   dialog of the production build), read from a frame counter drawn into the video (the source's clock: frame n
//   leaves the publisher n/30 s after it starts), against a bare page playing it with hls.js's defaults;
// - streams=20 segment_interval_p99_s: 20 streams published at once, the time between new segments of each as
//   a viewer polling its playlist sees them, against the 1 s segment length.
// Ends with: bench:live first_playlist_s=… latency_p50_s=… latency_p95_s=… streams=20 segment_interval_p99_s=…
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { chromium } from 'playwright-core';
import { cpuSeconds, freePort, percentile, root, sleep, startServer } from './support';

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 20);
const WATCH_SECONDS = Number(process.env.BENCH_LIVE_WATCH_SECONDS ?? 20);
const CADENCE_SECONDS = Number(process.env.BENCH_LIVE_CADENCE_SECONDS ?? 30);
const FPS = 30;
const requireHere = createRequire(__filename);
const ffmpeg = (requireHere('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const browserSetup = requireHere(path.join(root, 'tools/chromium.cjs')) as { launchOptions: { executablePath: string; args: string[] }; assertChromium: () => void };

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => spawn(ffmpeg, args, { stdio: 'ignore' }).once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`)))));
}

/**
 * 60 s of 854×480 at 30 fps, 1.5 Mbit/s, a keyframe each second (as the README asks of OBS), with a tone; the top
 * band carries the frame number in 16 black/white blocks, which the page reads back.
 */
async function makeClip(dir: string): Promise<string> {
  const clip = path.join(dir, 'clip.flv');
  const bits = "if(lt(Y,48),255*mod(floor(N/pow(2,floor(X/53))),2),128+60*sin(X/40+N/10))";
  await run([
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=gray:s=854x480:r=${FPS},format=gray,geq=lum='${bits}',format=yuv420p`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '60', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-b:v', '1500k', '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', '128k', '-f', 'flv', clip,
  ]);
  return clip;
}

const publishers = new Set<ChildProcess>();
function publish(clip: string, url: string): { startedAt: number; process: ChildProcess } {
  const child = spawn(ffmpeg, ['-hide_banner', '-v', 'error', '-re', '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-f', 'flv', url], { stdio: 'ignore' });
  publishers.add(child);
  return { startedAt: Date.now(), process: child };
}

async function until<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
}

/** Confirmed accounts signed in, each with a stream created (one stream per account). */
async function streamsOf(base: string, databaseUrl: string, n: number): Promise<{ id: string; streamKey: string }[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const created: { id: string; streamKey: string }[] = [];
  for (let i = 0; i < n; i++) {
    const ip = `198.19.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
    const email = `bench-${i}-${Date.now()}@example.com`;
    await fetch(`${base}/api/v1/auth/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'bench-pass-123', data: { username: `bench${i}` } }) });
    await db.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
    const session = (await (await fetch(`${base}/api/v1/auth/token?grant_type=password`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'bench-pass-123' }) })).json()) as { access_token: string };
    const res = await fetch(`${base}/api/v1/stream/create`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${session.access_token}` }, body: JSON.stringify({ title: `Bench ${i}`, genre: 'rock' }) });
    if (!res.ok) throw new Error(`creating stream ${i}: ${res.status} ${await res.text()}`);
    created.push((await res.json()) as { id: string; streamKey: string });
  }
  await db.end();
  return created;
}

/**
 * Runs in the page (plain JavaScript: the bench's bundler would wrap a compiled function in helpers the page lacks).
 * Plays the playlist with hls.js and, for each frame shown, reads the frame number from the top band.
 */
const MEASURE_IN_PAGE = `async ({ url, t0, ms, fps }) => {
  // The product's player, or (with a url) hls.js at its defaults on this bare page.
  const video = document.querySelector(url ? 'video' : 'dialog video, [role=dialog] video');
  let hls;
  if (url) {
    hls = new Hls();
    hls.loadSource(url);
    hls.attachMedia(video);
    await video.play().catch(() => undefined);
  }
  const canvas = document.createElement('canvas');
  canvas.width = 854;
  canvas.height = 48;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const samples = [];
  const end = Date.now() + ms;
  await new Promise((resolve) => {
    const frame = () => {
      if (Date.now() > end) return resolve();
      if (video.readyState >= 2) {
        ctx.drawImage(video, 0, 0, 854, 48, 0, 0, 854, 48);
        const row = ctx.getImageData(0, 24, 854, 1).data;
        let n = 0;
        for (let bit = 0; bit < 16; bit++) if (row[(bit * 53 + 26) * 4] > 128) n += 2 ** bit;
        samples.push((Date.now() - t0) / 1000 - n / fps);
      }
      video.requestVideoFrameCallback(frame);
    };
    video.requestVideoFrameCallback(frame);
  });
  if (hls) hls.destroy();
  return samples;
}`;

/**
 * Glass-to-glass samples in Chromium: in the product's watch dialog (`title` is the stream to open on the home
 * page), or on a bare page of the server's origin playing `playlist` with hls.js's defaults.
 */
async function latencies(base: string, startedAt: number, seconds: number, watch: { title: string } | { playlist: string }): Promise<number[]> {
  browserSetup.assertChromium();
  const browser = await chromium.launch(browserSetup.launchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'pl-PL' });
    let url: string | null = null;
    if ('title' in watch) {
      await page.goto(`${base}/#streaming`);
      await page.getByRole('button', { name: `Oglądaj: ${watch.title}` }).click();
      await page.getByRole('dialog', { name: watch.title }).locator('video').waitFor();
    } else {
      url = watch.playlist;
      await page.route(`${base}/bench/live`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<video muted playsinline style="width:854px;height:480px"></video><script src="/bench/hls.js"></script>' }),
      );
      await page.route(`${base}/bench/hls.js`, (route) => route.fulfill({ contentType: 'text/javascript', path: path.join(root, 'node_modules/hls.js/dist/hls.light.min.js') }));
      await page.goto(`${base}/bench/live`);
    }
    const args = { url, t0: startedAt, ms: seconds * 1000, fps: FPS };
    return (await page.evaluate(`(${MEASURE_IN_PAGE})(${JSON.stringify(args)})`)) as number[];
  } finally {
    await browser.close();
  }
}

/** New segments of each stream as a viewer polling its playlist every 50 ms sees them; the gaps between them. */
async function cadence(urls: string[], seconds: number): Promise<number[]> {
  const gaps: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    urls.map(async (url) => {
      let last = -1;
      let lastAt = 0;
      while (Date.now() < end) {
        const text = await fetch(url).then((r) => (r.ok ? r.text() : ''), () => '');
        const sequences = [...text.matchAll(/seg-(\d+)\.ts/g)].map((m) => Number(m[1]));
        const newest = sequences.length ? Math.max(...sequences) : -1;
        if (newest > last) {
          const now = Date.now();
          if (last >= 0) gaps.push((now - lastAt) / 1000 / (newest - last));
          last = newest;
          lastAt = now;
        }
        await sleep(50);
      }
    }),
  );
  return gaps;
}

async function main(): Promise<void> {
  // The production web build, which the server serves: the latency is measured in the product's own player.
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  const work = mkdtempSync(path.join(tmpdir(), 'grouarock-bench-live-'));
  const rtmpPort = await freePort();
  const server = await startServer({ RTMP_PORT: String(rtmpPort), LIVE_MAX_PUBLISHERS: String(STREAMS + 2) });
  try {
    const clip = await makeClip(work);
    const streams = await streamsOf(server.base, server.databaseUrl(), STREAMS + 1);
    const rtmp = (key: string) => `rtmp://127.0.0.1:${rtmpPort}/live/${key}`;
    const playlistOf = (id: string) => `${server.base}/api/v1/live/${id}/index.m3u8`;

    // Reference: ffmpeg packaging the clip straight from the file, paced in real time.
    const direct = path.join(work, 'direct');
    mkdirSync(direct);
    const directStart = Date.now();
    const reference = spawn(ffmpeg, ['-v', 'error', '-re', '-i', clip, '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6', path.join(direct, 'index.m3u8')], { stdio: 'ignore' });
    const directFirst = (await until(10_000, async () => (existsSync(path.join(direct, 'index.m3u8')) ? Date.now() : undefined))) - directStart;
    reference.kill('SIGKILL');

    const [first, ...rest] = streams;
    const published = publish(clip, rtmp(first.streamKey));
    const firstPlaylist = (await until(10_000, async () => ((await fetch(playlistOf(first.id))).ok ? Date.now() : undefined))) - published.startedAt;
    console.log(`first playlist: ${(firstPlaylist / 1000).toFixed(2)} s after the publisher started; ffmpeg from the file: ${(directFirst / 1000).toFixed(2)} s (ratio ${(firstPlaylist / directFirst).toFixed(2)})`);

    await sleep(3000);
    const tuned = await latencies(server.base, published.startedAt, WATCH_SECONDS, { title: 'Bench 0' });
    const defaults = await latencies(server.base, published.startedAt, WATCH_SECONDS, { playlist: playlistOf(first.id) });
    // The first seconds are the player joining; the steady state is what a viewer lives with.
    const steady = (samples: number[]) => samples.slice(Math.floor(samples.length / 4));
    const [t50, t95, d50] = [percentile(steady(tuned), 50), percentile(steady(tuned), 95), percentile(steady(defaults), 50)];
    console.log(`glass to glass, the product's player: p50 ${t50.toFixed(2)} s, p95 ${t95.toFixed(2)} s (${steady(tuned).length} frames); hls.js defaults: p50 ${d50.toFixed(2)} s (ratio ${(t50 / d50).toFixed(2)})`);
    publishers.forEach((p) => p.kill('SIGKILL'));
    publishers.clear();
    await sleep(5000);

    const many = rest.slice(0, STREAMS);
    const cpuBefore = cpuSeconds(server.pid);
    const wallBefore = Date.now();
    for (const stream of many) publish(clip, rtmp(stream.streamKey));
    await Promise.all(many.map((s) => until(15_000, async () => ((await fetch(playlistOf(s.id))).ok ? true : undefined))));
    const gaps = await cadence(many.map((s) => playlistOf(s.id)), CADENCE_SECONDS);
    const serverCores = (cpuSeconds(server.pid) - cpuBefore) / ((Date.now() - wallBefore) / 1000);
    const p99 = percentile(gaps, 99);
    console.log(
      `${many.length} streams at once: a new segment every ${percentile(gaps, 50).toFixed(3)} s (p50), ${p99.toFixed(3)} s (p99), ${Math.max(...gaps).toFixed(3)} s (max) over ${gaps.length} segments; ` +
        `against the 1 s segment: ratio ${p99.toFixed(2)}; the API process (RTMP worker included, ffmpeg not) used ${(serverCores * 100).toFixed(0)} % of a core`,
    );
    console.log(`bench:live first_playlist_s=${(firstPlaylist / 1000).toFixed(2)} latency_p50_s=${t50.toFixed(2)} latency_p95_s=${t95.toFixed(2)} streams=${many.length} segment_interval_p99_s=${p99.toFixed(3)}`);
  } finally {
    publishers.forEach((p) => p.kill('SIGKILL'));
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
