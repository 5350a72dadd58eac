// npm run bench:live — live streaming on this machine, each figure beside a reference from the same run:
// - first_playlist_s: an RTMP publisher starting → our first playlist served, against ffmpeg packaging the same clip
//   straight from the file (no RTMP, no API) → its first playlist;
// - latency_p50_s / latency_p95_s: glass to glass in Chromium, in the product's own player (the home page's watch
//   dialog of the production build), read from a frame counter drawn into the video (the source's clock: frame n
//   leaves the publisher n/30 s after it starts), against a bare page playing it with hls.js's defaults;
//   The product's player plays WebRTC first; these HLS figures are of a viewer who reaches only the site, through a
//   proxy (neither UDP nor the engine's TCP port), whom the player moves to HLS by itself (hls_fallback_first_frame_s:
//   the click on "watch" → the first frame it shows); a viewer whose UDP alone is blocked plays WebRTC over TCP, whose
//   glass to glass is printed beside the same stream over UDP;
// - streams=20 segment_interval_p99_s: 20 streams published at once, the time between new segments of each as
//   a viewer polling its playlist sees them, against the 1 s segment length;
// - webrtc_latency_p50_s / _p95_s: a browser publishing over WHIP (a canvas drawing the wall clock, and a tone) →
//   the product's player over WebRTC, against the same browser sending the same canvas to itself (no server); with
//   the tone beeping on each whole second, how much later the sound comes than the picture (lip sync), both ways;
// - rtmp_webrtc_latency_p50_s: the RTMP publisher above → the product's player over WebRTC (AAC → Opus);
// - webrtc_viewers=200 webrtc_viewers_p95_s: one process serving 200 WebRTC viewers of the 1.5 Mbit/s RTMP stream
//   (199 libdatachannel peers in a process of their own at the lowest CPU priority, standing for machines of their
//   own, and the product's player in Chromium, whose glass-to-glass p95 it is), with the player's longest wait
//   between two frames (a stall: 1 s or more) and the peers' lost video packets, and the server's CPU per viewer
//   beside the same number of viewers over HLS.
// Ends with: bench:live first_playlist_s=… latency_p50_s=… latency_p95_s=… streams=20 segment_interval_p99_s=…
//   webrtc_latency_p50_s=… webrtc_latency_p95_s=… rtmp_webrtc_latency_p50_s=… webrtc_viewers=… webrtc_viewers_p95_s=…
//   hls_fallback_first_frame_s=…
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { chromium, type Page } from 'playwright-core';
import type { Ready, Report, Start } from './live-viewers.child';
import { NO_UDP_ARGS, WebOnlyProxy } from '../test/support/web-only-proxy';
import { cpuSeconds, freePort, machineBusySeconds, next, percentile, root, sleep, startServer, treeCpuSeconds, udpReceiveDrops } from './support';

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 20);
const WATCH_SECONDS = Number(process.env.BENCH_LIVE_WATCH_SECONDS ?? 20);
const CADENCE_SECONDS = Number(process.env.BENCH_LIVE_CADENCE_SECONDS ?? 30);
/** WebRTC viewers of one stream in one process: the server's own cap (LIVE_WEBRTC_MAX_VIEWERS), the browser's included. */
const VIEWERS = Number(process.env.BENCH_LIVE_VIEWERS ?? 200);
const FPS = 30;
const CLIP_SECONDS = 60;
/** How a picture tells when it left: numbers a second, and the seconds after which they start again. */
interface Clock {
  fps: number;
  period?: number;
}
/** The RTMP clip's frame numbers: 30 a second, from 0 again at each of its loops. */
const CLIP_CLOCK: Clock = { fps: FPS, period: CLIP_SECONDS };
/** The browser publisher's canvas: the wall clock in 10 ms steps. */
const CANVAS_CLOCK: Clock = { fps: 100 };
const requireHere = createRequire(__filename);
const ffmpeg = (requireHere('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const browserSetup = requireHere(path.join(root, 'tools/chromium.cjs')) as { launchOptions: { executablePath: string; args: string[] }; assertChromium: () => void };

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => spawn(ffmpeg, args, { stdio: 'ignore' }).once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`)))));
}

/**
 * 60 s of 854×480 at 30 fps, 1.5 Mbit/s, a keyframe each second (as the README asks of OBS), with a tone; the top
 * band carries the frame number in 16 black/white blocks, which the page reads back. Noise over the picture makes the
 * encoder spend its 1.5 Mbit/s, as a camera's picture does (a clean test pattern takes 0.2 Mbit/s).
 */
async function makeClip(dir: string): Promise<string> {
  const clip = path.join(dir, 'clip.flv');
  const bits = "if(lt(Y,48),255*mod(floor(N/pow(2,floor(X/53))),2),128+60*sin(X/40+N/10))";
  await run([
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=gray:s=854x480:r=${FPS},format=gray,geq=lum='${bits}',format=yuv420p,noise=c0s=24:c0f=t`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(CLIP_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-b:v', '1500k', '-maxrate', '1500k', '-bufsize', '3000k', '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0',
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
 * For each frame the video `selector` shows, reads the number in its top band (16 black/white blocks over the top
 * tenth of the picture, whatever size the picture arrives at) and keeps how late it is: `fps` numbers a second,
 * counted from `t0`, starting again every `period` seconds if it is given (a clip played in a loop); and the
 * longest wait between two frames shown (a stall, past a second). With a `url`, plays that playlist with hls.js at
 * its defaults first.
 */
const MEASURE_IN_PAGE = `async ({ url, selector, t0, ms, fps, period }) => {
  const video = document.querySelector(selector);
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
  let lastFrame = 0;
  let longestGap = 0;
  const end = Date.now() + ms;
  await new Promise((resolve) => {
    const frame = () => {
      const now = Date.now();
      if (now > end) return resolve();
      if (video.readyState >= 2 && video.videoWidth) {
        if (lastFrame) longestGap = Math.max(longestGap, now - lastFrame);
        lastFrame = now;
        ctx.drawImage(video, 0, 0, video.videoWidth, video.videoHeight / 10, 0, 0, 854, 48);
        const row = ctx.getImageData(0, 24, 854, 1).data;
        let n = 0;
        for (let bit = 0; bit < 16; bit++) if (row[(bit * 53 + 26) * 4] > 128) n += 2 ** bit;
        const late = (Date.now() - t0) / 1000 - n / fps;
        samples.push(period ? ((late % period) + period) % period : late);
      }
      video.requestVideoFrameCallback(frame);
    };
    video.requestVideoFrameCallback(frame);
  });
  if (hls) hls.destroy();
  return { samples, longestGapS: longestGap / 1000 };
}`;

/**
 * Runs in the page: how late each of the publisher's beeps (on each whole second after `t0`) reaches the page in the
 * stream of `selector`'s <video>, in seconds, read sample by sample for `ms` (a script processor's blocks of 5 ms, each
 * placed at the moment it comes in, as a picture is placed at the moment its frame is shown).
 */
const BEEPS_IN_PAGE = `async ({ selector, t0, ms }) => {
  const stream = document.querySelector(selector)?.srcObject;
  if (!stream || !stream.getAudioTracks().length) return [];
  const context = new AudioContext();
  await context.resume();
  const source = context.createMediaStreamSource(new MediaStream(stream.getAudioTracks()));
  const tap = context.createScriptProcessor(256, 2, 1);
  const silent = new GainNode(context, { gain: 0 });
  source.connect(tap).connect(silent).connect(context.destination);
  const late = [];
  let lastLoud = -1;
  tap.onaudioprocess = (e) => {
    const now = Date.now();
    const data = e.inputBuffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) {
      if (Math.abs(data[i]) < 0.1) continue;
      const t = e.playbackTime + i / context.sampleRate;
      if (t - lastLoud > 0.3) {
        // The block has just come in: its sample i, (length - i) samples before its end.
        const wall = now - ((data.length - i) / context.sampleRate) * 1000;
        late.push((((wall - t0) % 1000) + 1000) % 1000 / 1000);
      }
      lastLoud = t;
    }
  };
  await new Promise((resolve) => setTimeout(resolve, ms));
  tap.onaudioprocess = null;
  await context.close();
  return late;
}`;

/** Runs in the page: `window.firstFrame`, a promise of the wall clock at the first frame the watch dialog's video shows. */
const FIRST_FRAME_IN_PAGE = `void (window.firstFrame = new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error('no frame within 30 s')), 30000);
  const look = () => {
    const video = document.querySelector('dialog video, [role=dialog] video');
    if (!video) return setTimeout(look, 5);
    video.requestVideoFrameCallback(() => resolve(Date.now()));
  };
  look();
}))`;

/**
 * Runs in the page: the publisher. A 854×480 canvas drawing the wall clock (10 ms steps since `t0`, in the same
 * 16 blocks) and a moving square, at 30 fps, with a stereo tone beeping on each whole second, sent as the product's go-live sends it (H.264
 * preferred, 1.5 Mbit/s). With `whip`, to the server over WHIP with the stream key (as OBS does); without, to a
 * second peer of this page, whose picture and sound play in `video#loopback` (the browser's own floor: no server between).
 */
const PUBLISH_IN_PAGE = `async ({ whip, key, t0 }) => {
  const canvas = document.createElement('canvas');
  canvas.width = 854;
  canvas.height = 480;
  const ctx = canvas.getContext('2d');
  const draw = () => {
    const n = Math.floor((Date.now() - t0) / 10);
    ctx.fillStyle = '#808080';
    ctx.fillRect(0, 0, 854, 480);
    for (let bit = 0; bit < 16; bit++) {
      ctx.fillStyle = Math.floor(n / 2 ** bit) % 2 ? '#ffffff' : '#000000';
      ctx.fillRect(bit * 53, 0, 53, 48);
    }
    ctx.fillStyle = '#202020';
    ctx.fillRect((n * 3) % 800, 200, 54, 54);
  };
  draw();
  setInterval(draw, 5);
  const media = canvas.captureStream(30);
  const audio = new AudioContext({ sampleRate: 48000 });
  const merger = audio.createChannelMerger(2);
  [440, 660].forEach((frequency, channel) => {
    const tone = new OscillatorNode(audio, { frequency });
    tone.connect(merger, 0, channel);
    tone.start();
  });
  // The tone sounds 100 ms from each whole second after t0 by the wall clock (its context's time mapped to it), so a
  // viewer can tell how late the sound comes, as it tells how late the picture comes.
  const gate = new GainNode(audio, { gain: 0 });
  const scheduled = new Set();
  const beeps = () => {
    const now = Date.now();
    for (let k = Math.ceil((now + 20 - t0) / 1000); t0 + k * 1000 < now + 1000; k++) {
      if (scheduled.has(k)) continue;
      scheduled.add(k);
      const at = audio.currentTime + (t0 + k * 1000 - Date.now()) / 1000;
      gate.gain.setValueAtTime(1, at);
      gate.gain.setValueAtTime(0, at + 0.1);
    }
  };
  beeps();
  setInterval(beeps, 250);
  const out = audio.createMediaStreamDestination();
  merger.connect(gate).connect(out);
  const pc = new RTCPeerConnection();
  const video = pc.addTransceiver(media.getVideoTracks()[0], { direction: 'sendonly', sendEncodings: [{ maxBitrate: 1500000 }] });
  const h264 = (RTCRtpSender.getCapabilities('video')?.codecs ?? []).filter((c) => c.mimeType === 'video/H264');
  if (h264.length) video.setCodecPreferences(h264);
  pc.addTransceiver(out.stream.getAudioTracks()[0], { direction: 'sendonly' });
  const gathered = async (peer) => {
    await peer.setLocalDescription(await peer.createOffer());
    await new Promise((resolve) => {
      if (peer.iceGatheringState === 'complete') return resolve();
      peer.addEventListener('icegatheringstatechange', () => peer.iceGatheringState === 'complete' && resolve());
    });
    return peer.localDescription.sdp;
  };
  const offer = await gathered(pc);
  let answer;
  if (whip) {
    const res = await fetch(whip, { method: 'POST', headers: { 'content-type': 'application/sdp', authorization: 'Bearer ' + key }, body: offer });
    if (res.status !== 201) throw new Error('WHIP answered ' + res.status + ': ' + (await res.text()));
    answer = await res.text();
  } else {
    const receiver = new RTCPeerConnection();
    const shown = document.createElement('video');
    shown.id = 'loopback';
    shown.muted = true;
    document.body.append(shown);
    const received = new MediaStream();
    shown.srcObject = received;
    receiver.ontrack = (e) => {
      received.addTrack(e.track);
      void shown.play();
    };
    await receiver.setRemoteDescription({ type: 'offer', sdp: offer });
    await receiver.setLocalDescription(await receiver.createAnswer());
    await new Promise((resolve) => {
      if (receiver.iceGatheringState === 'complete') return resolve();
      receiver.addEventListener('icegatheringstatechange', () => receiver.iceGatheringState === 'complete' && resolve());
    });
    answer = receiver.localDescription.sdp;
  }
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  await new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('the publisher was not connected within 20 s')), 20000);
    pc.addEventListener('connectionstatechange', () => (pc.connectionState === 'connected' ? resolve() : pc.connectionState === 'failed' ? reject(new Error('the publisher could not connect')) : undefined));
  });
}`;

const launch = (extraArgs: string[] = []) => {
  browserSetup.assertChromium();
  return chromium.launch({ ...browserSetup.launchOptions, args: [...browserSetup.launchOptions.args, ...extraArgs] });
};

/** What MEASURE_IN_PAGE gives. */
interface Measured {
  samples: number[];
  longestGapS: number;
}

interface Watched extends Measured {
  /** With `beeps`: how late each of the publisher's beeps sounded, in seconds. */
  beepsLate: number[];
  /** What the player says it plays: 'webrtc' or 'hls'. */
  delivery: string | null;
  /** The click on "watch" → the first frame shown, in seconds. */
  firstFrameS: number;
}

/**
 * Where a viewer's browser may reach: anywhere; no UDP for WebRTC (no proxy, no TURN: it reaches the engine's TCP
 * port, ICE over TCP); or only the site, through a proxy that lets nothing else through (its player falls back to HLS).
 */
type Network = 'open' | 'no-udp' | 'web-only';

/** A viewer in the product's watch dialog (the home page's `title`) for `seconds`: glass-to-glass samples in Chromium. */
async function watchInPlayer(base: string, t0: number, seconds: number, title: string, clock: Clock, network: Network = 'open', beeps = false): Promise<Watched> {
  const proxy = network === 'web-only' ? new WebOnlyProxy([Number(new URL(base).port)]) : undefined;
  const args = proxy ? WebOnlyProxy.launchArgs(await proxy.start()) : network === 'no-udp' ? NO_UDP_ARGS : [];
  const browser = await launch(args);
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'pl-PL' });
    await page.goto(`${base}/#streaming`);
    const watch = page.getByRole('button', { name: `Oglądaj: ${title}` });
    await watch.waitFor();
    await page.evaluate(FIRST_FRAME_IN_PAGE);
    const clicked = Date.now();
    await watch.click();
    const logged: string[] = [];
    page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
    page.on('requestfinished', (r) => void r.response().then((res) => logged.push(`${r.method()} ${r.url()} ${res?.status()}`)));
    const firstFrame = (await page.evaluate('window.firstFrame').catch(async (e: Error) => {
      const dialog = await page.locator('dialog, [role=dialog]').first().innerText().catch(() => '');
      throw new Error(`${e.message}; the dialog said: ${dialog}\n${logged.join('\n')}`);
    })) as number;
    const firstFrameS = (firstFrame - clicked) / 1000;
    const delivery = await page.locator('[data-delivery]').getAttribute('data-delivery');
    const args = { url: null, selector: 'dialog video, [role=dialog] video', t0, ms: seconds * 1000, ...clock };
    const [measured, beepsLate] = await Promise.all([
      page.evaluate(`(${MEASURE_IN_PAGE})(${JSON.stringify(args)})`) as Promise<Measured>,
      beeps ? (page.evaluate(`(${BEEPS_IN_PAGE})(${JSON.stringify(args)})`) as Promise<number[]>) : [],
    ]);
    return { ...measured, delivery, firstFrameS, beepsLate };
  } finally {
    await browser.close();
    await proxy?.stop();
  }
}

/** A bare page of the server's origin playing `playlist` with hls.js's defaults: glass-to-glass samples. */
async function watchWithHlsDefaults(base: string, t0: number, seconds: number, playlist: string): Promise<number[]> {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'pl-PL' });
    await page.route(`${base}/bench/live`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<video muted playsinline style="width:854px;height:480px"></video><script src="/bench/hls.js"></script>' }),
    );
    await page.route(`${base}/bench/hls.js`, (route) => route.fulfill({ contentType: 'text/javascript', path: path.join(root, 'node_modules/hls.js/dist/hls.light.min.js') }));
    await page.goto(`${base}/bench/live`);
    const args = { url: playlist, selector: 'video', t0, ms: seconds * 1000, ...CLIP_CLOCK };
    return ((await page.evaluate(`(${MEASURE_IN_PAGE})(${JSON.stringify(args)})`)) as Measured).samples;
  } finally {
    await browser.close();
  }
}

/** A browser publishing the clock canvas: over WHIP to `whip` with `key`, or (without) to itself, measured in its page. */
async function browserPublisher(base: string, t0: number, whip?: { url: string; key: string }): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await launch();
  const page = await browser.newPage({ locale: 'pl-PL' });
  await page.route(`${base}/bench/publish`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>publisher</title>' }));
  await page.goto(`${base}/bench/publish`);
  await page.evaluate(`(${PUBLISH_IN_PAGE})(${JSON.stringify({ whip: whip?.url ?? null, key: whip?.key ?? null, t0 })})`);
  return { page, close: () => browser.close() };
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

/** The viewers' process (live-viewers.child.ts) once every viewer plays; how many were refused. */
async function viewersOf(start: Start): Promise<{ child: ChildProcess } & Ready> {
  const child = fork(path.join(__dirname, 'live-viewers.child.js'));
  // The viewers stand for machines of their own: on this one they yield to the server and to the browser measured.
  setPriority(child.pid!, 19);
  child.send(start);
  const answer = await next<Ready | { error: string }>(child).catch((e: Error) => ({ error: e.message }));
  if ('error' in answer) {
    child.kill('SIGKILL');
    throw new Error(`the ${start.kind} viewers: ${answer.error}`);
  }
  return { child, ...answer };
}

/** CPU over `work`, in cores: the server's (its engine and workers with it; not ffmpeg), the viewers' process's, the machine's. */
async function coresDuring(serverPid: number, viewersPid: number | undefined, work: () => Promise<unknown>): Promise<{ server: number; viewers: number; machine: number }> {
  const notFfmpeg = (command: string) => command !== 'ffmpeg';
  const used = () => ({ server: treeCpuSeconds(serverPid, notFfmpeg), viewers: viewersPid ? treeCpuSeconds(viewersPid) : 0, machine: machineBusySeconds() });
  const before = used();
  const started = Date.now();
  await work();
  const after = used();
  const wall = (Date.now() - started) / 1000;
  return { server: (after.server - before.server) / wall, viewers: (after.viewers - before.viewers) / wall, machine: (after.machine - before.machine) / wall };
}

const steady = (samples: number[]) => samples.slice(Math.floor(samples.length / 4));
const seconds = (s: number) => s.toFixed(2);
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
/** Mbit/s per viewer of what `viewers` received over `s` seconds. */
const mbits = (report: Report, viewers: number, s: number) => (report.bytes / s / viewers / 125_000).toFixed(2);

async function main(): Promise<void> {
  // The production web build, which the server serves: the latency is measured in the product's own player.
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  const work = mkdtempSync(path.join(tmpdir(), 'grouarock-bench-live-'));
  const rtmpPort = await freePort();
  const server = await startServer({
    RTMP_PORT: String(rtmpPort),
    LIVE_WEBRTC_PORT: String(await freePort()),
    LIVE_MAX_PUBLISHERS: String(STREAMS + 3),
    LIVE_WEBRTC_BIND: '127.0.0.1',
    LIVE_WEBRTC_MAX_VIEWERS: String(VIEWERS),
  });
  const children = new Set<ChildProcess>();
  try {
    const clip = await makeClip(work);
    const streams = await streamsOf(server.base, server.databaseUrl(), STREAMS + 2);
    const rtmp = (key: string) => `rtmp://127.0.0.1:${rtmpPort}/live/${key}`;
    const playlistOf = (id: string) => `${server.base}/api/v1/live/${id}/index.m3u8`;

    // Reference: ffmpeg packaging the clip straight from the file, paced in real time.
    const direct = path.join(work, 'direct');
    mkdirSync(direct);
    const directStart = Date.now();
    const reference = spawn(ffmpeg, ['-v', 'error', '-re', '-i', clip, '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6', path.join(direct, 'index.m3u8')], { stdio: 'ignore' });
    const directFirst = (await until(10_000, async () => (existsSync(path.join(direct, 'index.m3u8')) ? Date.now() : undefined))) - directStart;
    reference.kill('SIGKILL');

    const [first, whipStream, ...rest] = streams;
    const published = publish(clip, rtmp(first.streamKey));
    const firstPlaylist = (await until(10_000, async () => ((await fetch(playlistOf(first.id))).ok ? Date.now() : undefined))) - published.startedAt;
    console.log(`first playlist: ${seconds(firstPlaylist / 1000)} s after the publisher started; ffmpeg from the file: ${seconds(directFirst / 1000)} s (ratio ${(firstPlaylist / directFirst).toFixed(2)})`);
    await sleep(3000);

    // The RTMP stream in the product's player: over WebRTC; with UDP blocked (ICE over TCP); behind a web-only proxy
    // (over HLS); then hls.js's defaults.
    const rtmpWebrtc = await watchInPlayer(server.base, published.startedAt, WATCH_SECONDS, 'Bench 0', CLIP_CLOCK);
    const overTcp = await watchInPlayer(server.base, published.startedAt, WATCH_SECONDS, 'Bench 0', CLIP_CLOCK, 'no-udp');
    const fallback = await watchInPlayer(server.base, published.startedAt, WATCH_SECONDS, 'Bench 0', CLIP_CLOCK, 'web-only');
    const defaults = await watchWithHlsDefaults(server.base, published.startedAt, WATCH_SECONDS, playlistOf(first.id));
    if (rtmpWebrtc.delivery !== 'webrtc') throw new Error(`the player played the RTMP stream over ${rtmpWebrtc.delivery}, not WebRTC`);
    if (overTcp.delivery !== 'webrtc') throw new Error(`with UDP blocked the player played ${overTcp.delivery}, not WebRTC over TCP`);
    if (fallback.delivery !== 'hls') throw new Error(`behind a web-only proxy the player played ${fallback.delivery}, not HLS`);
    const [t50, t95, d50] = [percentile(steady(fallback.samples), 50), percentile(steady(fallback.samples), 95), percentile(steady(defaults), 50)];
    const [r50, r95] = [percentile(steady(rtmpWebrtc.samples), 50), percentile(steady(rtmpWebrtc.samples), 95)];
    console.log(
      `glass to glass, RTMP → the product's player over HLS (behind a web-only proxy): p50 ${seconds(t50)} s, p95 ${seconds(t95)} s (${steady(fallback.samples).length} frames); hls.js defaults: p50 ${seconds(d50)} s (ratio ${(t50 / d50).toFixed(2)})`,
    );
    console.log(
      `glass to glass, RTMP → the product's player over WebRTC: p50 ${seconds(r50)} s, p95 ${seconds(r95)} s (${steady(rtmpWebrtc.samples).length} frames); against HLS in the same player: ratio ${(r50 / t50).toFixed(2)}`,
    );
    const [o50, o95] = [percentile(steady(overTcp.samples), 50), percentile(steady(overTcp.samples), 95)];
    console.log(`glass to glass, RTMP → the product's player over WebRTC with UDP blocked (ICE over TCP): p50 ${seconds(o50)} s, p95 ${seconds(o95)} s (${steady(overTcp.samples).length} frames, longest gap ${seconds(overTcp.longestGapS)} s); against UDP: ratio ${(o50 / r50).toFixed(2)}`);
    console.log(
      `first frame after "watch": ${seconds(rtmpWebrtc.firstFrameS)} s over WebRTC, ${seconds(overTcp.firstFrameS)} s over WebRTC with UDP blocked, ${seconds(fallback.firstFrameS)} s falling back to HLS behind a web-only proxy`,
    );

    // A browser publishing over WHIP → the product's player over WebRTC; against that browser sending to itself.
    const whipStart = Date.now();
    const whip = await browserPublisher(server.base, whipStart, { url: `${server.base}/api/v1/stream/whip`, key: whipStream.streamKey });
    await until(15_000, async () => ((await fetch(playlistOf(whipStream.id))).ok ? true : undefined));
    const whipWatched = await watchInPlayer(server.base, whipStart, WATCH_SECONDS, 'Bench 1', CANVAS_CLOCK, 'open', true);
    await whip.close();
    if (whipWatched.delivery !== 'webrtc') throw new Error(`the player played the WHIP stream over ${whipWatched.delivery}, not WebRTC`);
    const loopStart = Date.now();
    const loop = await browserPublisher(server.base, loopStart);
    const loopArgs = { url: null, selector: '#loopback', t0: loopStart, ms: WATCH_SECONDS * 1000, ...CANVAS_CLOCK };
    const [{ samples: loopSamples }, loopBeeps] = await Promise.all([
      loop.page.evaluate(`(${MEASURE_IN_PAGE})(${JSON.stringify(loopArgs)})`) as Promise<Measured>,
      loop.page.evaluate(`(${BEEPS_IN_PAGE})(${JSON.stringify(loopArgs)})`) as Promise<number[]>,
    ]);
    await loop.close();
    const [w50, w95, l50] = [percentile(steady(whipWatched.samples), 50), percentile(steady(whipWatched.samples), 95), percentile(steady(loopSamples), 50)];
    console.log(
      `glass to glass, a browser over WHIP → the product's player over WebRTC: p50 ${seconds(w50)} s, p95 ${seconds(w95)} s (${steady(whipWatched.samples).length} frames); ` +
        `the browser to itself, no server: p50 ${seconds(l50)} s (difference ${seconds(w50 - l50)} s)`,
    );
    // Lip sync: how much later the sound comes than the picture, through the server and with none between.
    const skew = (beepsLate: number[], samples: number[]) => (beepsLate.length ? (percentile(steady(beepsLate), 50) - percentile(steady(samples), 50)) * 1000 : NaN);
    const [whipSkew, loopSkew] = [skew(whipWatched.beepsLate, whipWatched.samples), skew(loopBeeps, loopSamples)];
    console.log(
      `lip sync, a browser over WHIP → the product's player over WebRTC: its sound ${whipSkew.toFixed(0)} ms after its picture (${whipWatched.beepsLate.length} beeps); ` +
        `the browser to itself, no server: ${loopSkew.toFixed(0)} ms (${loopBeeps.length} beeps; the server adds ${(whipSkew - loopSkew).toFixed(0)} ms)`,
    );

    // 200 viewers of the RTMP stream (1.5 Mbit/s) from one process: over WebRTC, then as many over HLS.
    const idle = (await coresDuring(server.pid, undefined, () => sleep(10_000))).server;
    const peers = await viewersOf({ kind: 'webrtc', url: `${server.base}/api/v1/stream/${first.id}/whep`, count: VIEWERS - 1 });
    children.add(peers.child);
    if (peers.refused || peers.failed) throw new Error(`of ${VIEWERS - 1} WebRTC viewers, ${peers.refused} were refused and ${peers.failed} could not connect twice`);
    await sleep(3000);
    peers.child.send('report');
    await next<Report>(peers.child);
    const webrtcStarted = Date.now();
    const dropsBefore = udpReceiveDrops();
    let crowd: Watched | undefined;
    const webrtcUse = await coresDuring(server.pid, peers.child.pid, async () => (crowd = await watchInPlayer(server.base, published.startedAt, WATCH_SECONDS, 'Bench 0', CLIP_CLOCK)));
    const webrtcCores = webrtcUse.server;
    peers.child.send('report');
    const webrtcReport = await next<Report>(peers.child);
    const webrtcSeconds = (Date.now() - webrtcStarted) / 1000;
    const drops = udpReceiveDrops() - dropsBefore;
    peers.child.send('close');
    await new Promise((resolve) => peers.child.once('exit', resolve));
    children.delete(peers.child);
    if (crowd?.delivery !== 'webrtc') throw new Error(`the 200th viewer played ${crowd?.delivery}, not WebRTC`);
    const [c50, c95] = [percentile(steady(crowd.samples), 50), percentile(steady(crowd.samples), 95)];
    const webrtcPerViewer = (webrtcCores - idle) / VIEWERS;
    const hls = await viewersOf({ kind: 'hls', url: playlistOf(first.id), count: VIEWERS });
    children.add(hls.child);
    await sleep(3000);
    hls.child.send('report');
    await next<Report>(hls.child);
    const hlsStarted = Date.now();
    const hlsUse = await coresDuring(server.pid, hls.child.pid, () => sleep(WATCH_SECONDS * 1000));
    const hlsCores = hlsUse.server;
    hls.child.send('report');
    const hlsReport = await next<Report>(hls.child);
    const hlsSeconds = (Date.now() - hlsStarted) / 1000;
    if (hls.refused) throw new Error(`${hls.refused} of ${VIEWERS} HLS viewers were refused`);
    hls.child.send('close');
    children.delete(hls.child);
    const hlsPerViewer = (hlsCores - idle) / VIEWERS;
    console.log(
      `${VIEWERS} WebRTC viewers of one 1.5 Mbit/s stream in one process: the browser among them p50 ${seconds(c50)} s, p95 ${seconds(c95)} s glass to glass; ` +
        `its longest wait between two frames ${seconds(crowd.longestGapS)} s (a stall: 1 s or more); ` +
        `the ${VIEWERS - 1} peers ${mbits(webrtcReport, VIEWERS - 1, webrtcSeconds)} Mbit/s each, ${percent(webrtcReport.lost.all)} of the video packets lost ` +
        `(the worst peer ${percent(webrtcReport.lost.worst)}; datagrams this machine's receivers dropped: ${drops}), ${peers.retried} connected at their second try; ` +
        `the server used ${(webrtcCores * 100).toFixed(0)} % of a core (${(idle * 100).toFixed(0)} % with no viewer): ${(webrtcPerViewer * 1000).toFixed(2)} ms of CPU a second per viewer; ` +
        `the peers' process ${(webrtcUse.viewers * 100).toFixed(0)} %, the whole machine ${(webrtcUse.machine * 100).toFixed(0)} % of its ${cpus().length} cores`,
    );
    console.log(
      `${VIEWERS} HLS viewers of the same stream: the server used ${(hlsCores * 100).toFixed(0)} % of a core: ${(hlsPerViewer * 1000).toFixed(2)} ms of CPU a second per viewer ` +
        `(WebRTC against HLS: ratio ${(webrtcPerViewer / hlsPerViewer).toFixed(2)}); ${mbits(hlsReport, VIEWERS, hlsSeconds)} Mbit/s per viewer; failed requests: ${JSON.stringify(hlsReport.failures)}; ` +
        `the viewers' process ${(hlsUse.viewers * 100).toFixed(0)} %, the whole machine ${(hlsUse.machine * 100).toFixed(0)} %`,
    );
    publishers.forEach((p) => p.kill('SIGKILL'));
    publishers.clear();
    await sleep(5000);

    const many = rest.slice(0, STREAMS);
    const cpuBefore = cpuSeconds(server.pid);
    const wallBefore = Date.now();
    for (const stream of many) publish(clip, rtmp(stream.streamKey));
    await Promise.all(many.map((s) => until(15_000, async () => ((await fetch(playlistOf(s.id))).ok ? true : undefined))));
    const gaps = await cadence(many.map((s) => playlistOf(s.id)), CADENCE_SECONDS);
    const manyCores = (cpuSeconds(server.pid) - cpuBefore) / ((Date.now() - wallBefore) / 1000);
    const p99 = percentile(gaps, 99);
    console.log(
      `${many.length} streams at once: a new segment every ${percentile(gaps, 50).toFixed(3)} s (p50), ${p99.toFixed(3)} s (p99), ${Math.max(...gaps).toFixed(3)} s (max) over ${gaps.length} segments; ` +
        `against the 1 s segment: ratio ${p99.toFixed(2)}; the API process (RTMP worker included, ffmpeg not) used ${(manyCores * 100).toFixed(0)} % of a core`,
    );
    console.log(
      `bench:live first_playlist_s=${seconds(firstPlaylist / 1000)} latency_p50_s=${seconds(t50)} latency_p95_s=${seconds(t95)} streams=${many.length} segment_interval_p99_s=${p99.toFixed(3)} ` +
        `webrtc_latency_p50_s=${seconds(w50)} webrtc_latency_p95_s=${seconds(w95)} rtmp_webrtc_latency_p50_s=${seconds(r50)} webrtc_viewers=${VIEWERS} webrtc_viewers_p95_s=${seconds(c95)} ` +
        `hls_fallback_first_frame_s=${seconds(fallback.firstFrameS)}`,
    );
  } finally {
    children.forEach((c) => c.kill('SIGKILL'));
    publishers.forEach((p) => p.kill('SIGKILL'));
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
