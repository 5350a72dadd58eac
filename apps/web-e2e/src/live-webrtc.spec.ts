import { chromium as playwrightChromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createConfirmedAccount, signInOnAuthPage, toast } from '../support/accounts';
import { NO_UDP_ARGS, WebOnlyProxy } from '../../api/test/support/web-only-proxy';
import { e2eWebRtcPort } from '../support/e2e-config';
import { expect, httpError, test } from '../support/fixtures';

/**
 * Sub-second live in real Chromium (docs/live.md, "The web app"): a musician goes live over WHIP, a viewer watches
 * over WHEP, a viewer whose UDP is blocked watches over ICE over TCP, and one that reaches only the web falls back to
 * HLS by itself. The e2e server runs the WebRTC engine on one port of loopback, UDP and TCP (support/global-setup.ts).
 */

/**
 * An init script for the musician: the suite's fake microphone is one channel (a beep), so the camera's audio is
 * replaced by a stereo test signal made with Web Audio, 440 Hz on the left and 660 Hz on the right, which the viewer
 * must get back on two channels that differ.
 */
function stereoMicrophone(): void {
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const media = await original(constraints);
    if (!constraints?.audio) return media;
    const context = new AudioContext({ sampleRate: 48_000 });
    const merger = context.createChannelMerger(2);
    for (const [channel, frequency] of [440, 660].entries()) {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      const gain = context.createGain();
      gain.gain.value = 0.3;
      oscillator.connect(gain).connect(merger, 0, channel);
      oscillator.start();
    }
    const destination = context.createMediaStreamDestination();
    destination.channelCount = 2;
    merger.connect(destination);
    for (const track of media.getAudioTracks()) {
      track.stop();
      media.removeTrack(track);
    }
    media.addTrack(destination.stream.getAudioTracks()[0]);
    return media;
  };
}

/** An init script for viewers: every RTCPeerConnection the page makes is kept in `window.peers`, to read its stats. */
function keepPeers(): void {
  const peers: RTCPeerConnection[] = [];
  Object.assign(window, { peers });
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      peers.push(this);
    }
  } as typeof RTCPeerConnection;
}

/** The dominant frequency of each channel of the <video>'s stream, measured through a channel splitter. */
function channelFrequencies(video: HTMLVideoElement): Promise<number[]> {
  const stream = video.srcObject as MediaStream;
  const context = new AudioContext();
  const splitter = context.createChannelSplitter(2);
  context.createMediaStreamSource(stream).connect(splitter);
  const analysers = [0, 1].map((channel) => {
    const analyser = context.createAnalyser();
    analyser.fftSize = 8192;
    splitter.connect(analyser, channel);
    return analyser;
  });
  return new Promise((resolve) => {
    setTimeout(() => {
      const peaks = analysers.map((analyser) => {
        const bins = new Float32Array(analyser.frequencyBinCount);
        analyser.getFloatFrequencyData(bins);
        let best = 0;
        for (let i = 1; i < bins.length; i++) if (bins[i] > bins[best]) best = i;
        return bins[best] > -80 ? (best * context.sampleRate) / analyser.fftSize : 0;
      });
      void context.close();
      resolve(peaks);
    }, 1500);
  });
}

/** What the viewer's peer negotiated and received: the Opus fmtp line and channels, and the packets by kind. */
async function viewerStats(page: Page) {
  return page.evaluate(async () => {
    const peers = (window as unknown as { peers: RTCPeerConnection[] }).peers;
    const pc = peers.at(-1);
    if (!pc) return null;
    const report = await pc.getStats();
    const codecs = new Map<string, { mimeType: string; sdpFmtpLine?: string; channels?: number }>();
    const inbound: { kind: string; packetsReceived: number; framesDecoded?: number; codecId?: string }[] = [];
    const byId = new Map<string, Record<string, unknown>>();
    let pairId: unknown;
    report.forEach((stat: { type: string; id: string } & Record<string, unknown>) => {
      byId.set(stat.id, stat);
      if (stat.type === 'codec') codecs.set(stat.id, stat as never);
      if (stat.type === 'inbound-rtp') inbound.push(stat as never);
      if (stat.type === 'transport') pairId = stat.selectedCandidatePairId;
    });
    // The path the media takes: the selected pair's remote candidate (the engine's UDP port, or its TCP one).
    const remote = byId.get(String(byId.get(String(pairId))?.remoteCandidateId));
    return {
      connectionState: pc.connectionState,
      remote: remote ? { protocol: String(remote.protocol), port: Number(remote.port) } : undefined,
      localSdp: pc.currentLocalDescription?.sdp ?? '',
      remoteSdp: pc.currentRemoteDescription?.sdp ?? '',
      inbound: inbound.map((s) => ({ kind: s.kind, packets: s.packetsReceived, frames: s.framesDecoded, codec: s.codecId ? codecs.get(s.codecId) : undefined })),
    };
  });
}

/** The fmtp parameters of the Opus format in `sdp` ('' without one). */
function opusFmtp(sdp: string): string {
  const payloadType = /a=rtpmap:(\d+) opus\/48000\/2/i.exec(sdp)?.[1];
  return payloadType ? (new RegExp(`a=fmtp:${payloadType} ([^\r\n]*)`).exec(sdp)?.[1] ?? '') : '';
}

/** Frames the <video> presented over `ms` (requestVideoFrameCallback's count), and how far its time moved. */
function framesOver(page: Page, title: string, ms: number) {
  return page.getByLabel(`Obraz transmisji: ${title}`).evaluate(
    (video: HTMLVideoElement, wait) =>
      new Promise<{ frames: number; seconds: number }>((resolve) => {
        let frames = 0;
        const start = video.currentTime;
        const count = () => {
          frames++;
          video.requestVideoFrameCallback(count);
        };
        video.requestVideoFrameCallback(count);
        setTimeout(() => resolve({ frames, seconds: video.currentTime - start }), wait);
      }),
    ms,
  );
}

/** A browser of its own, launched as the suite's with `args` more: a network the others do not have. */
function browserOnNetwork(args: string[]): Promise<Browser> {
  const { launchOptions } = test.info().project.use;
  return playwrightChromium.launch({ ...launchOptions, args: [...(launchOptions?.args ?? []), ...args] });
}

const WEBRTC_LABEL = 'WebRTC · opóźnienie poniżej sekundy';
const HLS_LABEL = 'HLS · opóźnienie kilka sekund';

test.describe('sub-second live over WebRTC', () => {
  test.describe.configure({ mode: 'serial' });
  // Two browsers and a publisher on 2 cores.
  test.setTimeout(120_000);

  let musicianContext: BrowserContext;
  let musician: Page;
  let title: string;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(90_000);
    const account = await createConfirmedAccount(request, 'whip');
    title = `WebRTC ${account.username}`;
    musicianContext = await browser.newContext({ locale: 'pl-PL' });
    await musicianContext.addInitScript(stereoMicrophone);
    musician = await musicianContext.newPage();
    await signInOnAuthPage(musician, account);
    await musician.goto('/#streaming');
    await musician.getByLabel('Tytuł').fill(title);
    await musician.getByRole('combobox', { name: 'Gatunek' }).selectOption({ label: 'Rock' });
    const whip = musician.waitForResponse((response) => response.url().includes('/api/v1/stream/whip?') && response.request().method() === 'POST');
    await musician.getByRole('button', { name: 'Rozpocznij stream' }).click();
    await expect(toast(musician, 'Stream rozpoczęty...')).toBeVisible();
    const mine = musician.getByRole('region', { name: 'Twój stream' });
    await mine.getByRole('button', { name: 'Nadaj z kamery' }).click();
    // Over WHIP (not the ingest socket): the offer is answered 201.
    expect((await whip).status()).toBe(201);
    await expect(mine.getByRole('status')).toHaveText('Nadajesz na żywo', { timeout: 15_000 });
  });

  test.afterAll(async () => {
    // Stopping is WHIP's DELETE of the session (which ends the stream), answered 200.
    const hangUp = musician.waitForResponse((response) => /\/api\/v1\/stream\/whip\/[\w-]+$/.test(response.url()) && response.request().method() === 'DELETE');
    await musician.getByRole('region', { name: 'Twój stream' }).getByRole('button', { name: 'Zakończ stream' }).click();
    expect((await hangUp).status()).toBe(200);
    await expect(musician.getByRole('button', { name: 'Rozpocznij stream' })).toBeEnabled();
    await musicianContext?.close();
  });

  test('a viewer watches over WebRTC: the player says so, the picture moves and the sound is stereo', async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(httpError(401, '/stream/current'));
    await page.addInitScript(keepPeers);
    await page.goto('/#streaming');
    const card = page.getByRole('region', { name: 'Na żywo teraz' }).getByRole('listitem').filter({ hasText: title });
    await card.getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByText(WEBRTC_LABEL)).toBeVisible({ timeout: 15_000 });
    const video = dialog.getByLabel(`Obraz transmisji: ${title}`);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.srcObject instanceof MediaStream && v.currentTime > 0.5), { timeout: 10_000 }).toBe(true);

    // The picture moves: new frames presented, the playhead advancing. The fake camera gives 30 fps; on 2 busy cores
    // the publisher's encoder lowers its frame rate (20 in 2 s seen beside other tests), hence the low bar.
    const moving = await framesOver(page, title, 2000);
    expect(moving.frames, JSON.stringify(await viewerStats(page))).toBeGreaterThan(8);
    expect(moving.seconds).toBeGreaterThan(1.5);

    // Stereo: the answer's Opus asks stereo=1, the decoder says two channels, and the two channels differ (440 Hz on
    // the left, 660 Hz on the right, as the musician's page sent them).
    const stats = await viewerStats(page);
    expect(stats?.connectionState).toBe('connected');
    expect(opusFmtp(stats?.localSdp ?? '')).toMatch(/(^|;)stereo=1(;|$)/);
    expect(opusFmtp(stats?.remoteSdp ?? '')).toMatch(/(^|;)stereo=1(;|$)/);
    const audio = stats?.inbound.find((s) => s.kind === 'audio');
    expect(audio?.packets).toBeGreaterThan(50);
    expect(audio?.codec?.mimeType).toBe('audio/opus');
    expect(audio?.codec?.channels).toBe(2);
    const [left, right] = await video.evaluate(channelFrequencies);
    expect(Math.abs(left - 440), `left ${left} Hz`).toBeLessThan(15);
    expect(Math.abs(right - 660), `right ${right} Hz`).toBeLessThan(15);
    const videoIn = stats?.inbound.find((s) => s.kind === 'video');
    expect(videoIn?.codec?.mimeType).toBe('video/H264');
  });

  test('a viewer whose UDP is blocked watches over WebRTC all the same, through the engine’s TCP port', async () => {
    const blocked = await browserOnNetwork(NO_UDP_ARGS);
    try {
      const context = await blocked.newContext({ locale: 'pl-PL', baseURL: test.info().project.use.baseURL });
      await context.addInitScript(keepPeers);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/#streaming');
      const card = page.getByRole('region', { name: 'Na żywo teraz' }).getByRole('listitem').filter({ hasText: title });
      await card.getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog.getByText(WEBRTC_LABEL)).toBeVisible({ timeout: 15_000 });
      const moving = await framesOver(page, title, 2000);
      const stats = await viewerStats(page);
      expect(moving.frames, JSON.stringify(stats)).toBeGreaterThan(8);
      expect(stats?.remote).toEqual({ protocol: 'tcp', port: e2eWebRtcPort });
      expect(stats?.inbound.find((s) => s.kind === 'audio')?.packets).toBeGreaterThan(50);
      expect(errors).toEqual([]);
    } finally {
      await blocked.close();
    }
  });

  test('a musician whose UDP is blocked goes live over WHIP all the same, through the engine’s TCP port', async ({ request }) => {
    const account = await createConfirmedAccount(request, 'whiptcp');
    const blocked = await browserOnNetwork(NO_UDP_ARGS);
    try {
      const context = await blocked.newContext({ locale: 'pl-PL', baseURL: test.info().project.use.baseURL });
      await context.addInitScript(keepPeers);
      const page = await context.newPage();
      await signInOnAuthPage(page, account);
      await page.goto('/#streaming');
      await page.getByLabel('Tytuł').fill(`TCP ${account.username}`);
      await page.getByRole('combobox', { name: 'Gatunek' }).selectOption({ label: 'Rock' });
      await page.getByRole('button', { name: 'Rozpocznij stream' }).click();
      await expect(toast(page, 'Stream rozpoczęty...')).toBeVisible();
      const mine = page.getByRole('region', { name: 'Twój stream' });
      await mine.getByRole('button', { name: 'Nadaj z kamery' }).click();
      await expect(mine.getByRole('status')).toHaveText('Nadajesz na żywo', { timeout: 15_000 });
      const stats = await viewerStats(page);
      expect(stats?.connectionState).toBe('connected');
      expect(stats?.remote).toEqual({ protocol: 'tcp', port: e2eWebRtcPort });
      const hangUp = page.waitForResponse((response) => /\/api\/v1\/stream\/whip\/[\w-]+$/.test(response.url()) && response.request().method() === 'DELETE');
      await mine.getByRole('button', { name: 'Zakończ stream' }).click();
      expect((await hangUp).status()).toBe(200);
    } finally {
      await blocked.close();
    }
  });

  test('a viewer whose only way out is a web proxy falls back to HLS by itself, says so, and plays', async () => {
    // Everything through a proxy that lets the site through and nothing else: WebRTC reaches neither of the engine's ports.
    const proxy = new WebOnlyProxy([Number(new URL(test.info().project.use.baseURL!).port)]);
    const blocked = await browserOnNetwork(WebOnlyProxy.launchArgs(await proxy.start()));
    try {
      const context = await blocked.newContext({ locale: 'pl-PL', baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/#streaming');
      const card = page.getByRole('region', { name: 'Na żywo teraz' }).getByRole('listitem').filter({ hasText: title });
      await expect(card).toBeVisible();
      const opened = Date.now();
      await card.getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog.getByText(HLS_LABEL)).toBeVisible({ timeout: 15_000 });
      const video = dialog.getByLabel(`Obraz transmisji: ${title}`);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000, intervals: [100] }).toBeGreaterThan(0);
      const firstFrame = (Date.now() - opened) / 1000;
      const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5000 }).toBeGreaterThan(at + 0.5);
      test.info().annotations.push({ type: 'hls_fallback_first_frame_s', description: firstFrame.toFixed(2) });
      console.log(`hls_fallback_first_frame_s=${firstFrame.toFixed(2)}`);
      await expect(dialog.getByText(WEBRTC_LABEL)).toBeHidden();
      // It tried WebRTC over TCP, which the proxy stopped.
      expect(proxy.refused).toContain(`127.0.0.1:${e2eWebRtcPort}`);
      expect(errors).toEqual([]);
    } finally {
      await blocked.close();
      await proxy.stop();
    }
  });
});
