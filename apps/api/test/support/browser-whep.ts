import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { repoRoot } from './repo-root';

/** How every test launches Chromium (the Debian build, its flags). */
const browserSetup = createRequire(__filename)(path.join(repoRoot(), 'tools/chromium.cjs')) as { launchOptions: { executablePath: string; args: string[] }; assertChromium: () => void };

/** A state a browser's connection went through, and when (the wall clock, ms). */
export interface StateChange {
  /** An RTCPeerConnectionState: new, connecting, connected, disconnected, failed, closed. */
  state: string;
  at: number;
}

/**
 * In the page (this project's TypeScript has no DOM): a receive-only peer, its connection's states kept in
 * `window.log` and its packets received in `window.media`, its gathered offer POSTed to the WHEP address given, its answer set; the POST's status.
 */
const WHEP_IN_PAGE = `async (whep) => {
  const log = [{ state: 'new', at: Date.now() }];
  const pc = new RTCPeerConnection();
  const media = { packets: 0, lastAt: 0 };
  Object.assign(window, { log, pc, media });
  setInterval(async () => {
    let packets = 0;
    (await pc.getStats()).forEach((stat) => stat.type === 'inbound-rtp' && (packets += stat.packetsReceived));
    if (packets > media.packets) Object.assign(media, { packets, lastAt: Date.now() });
  }, 100);
  pc.addEventListener('connectionstatechange', () => log.push({ state: pc.connectionState, at: Date.now() }));
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, 2000);
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && (clearTimeout(timer), resolve()));
  });
  const response = await fetch(whep, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body: pc.localDescription.sdp });
  if (response.status === 201) await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
  return response.status;
}`;

export interface BrowserViewer {
  status: number;
  /** The connection's states so far, from `new`. */
  states(): Promise<StateChange[]>;
  /** The RTP packets received so far, and when the count last grew (read every 100 ms). */
  media(): Promise<{ packets: number; lastAt: number }>;
  close(): Promise<void>;
}

/**
 * A WHEP viewer in real Chromium (the tests' Debian build): a receive-only RTCPeerConnection in a page of `origin`,
 * its gathered offer POSTed to `url`, its answer set, and every change of its connection state kept with the time.
 * What a browser's ICE does when its server goes away (how soon it says `disconnected`) is what the libdatachannel
 * clients of webrtc-clients.ts cannot show: they see nothing until ICE consent runs out, 30 s on.
 */
export async function browserWhepView(origin: string, url: string): Promise<BrowserViewer> {
  browserSetup.assertChromium();
  const browser: Browser = await chromium.launch(browserSetup.launchOptions);
  try {
    const page = await browser.newPage();
    // A page of the API's origin (its health answer), so the WHEP POST is same-origin or CORS as a player's is.
    await page.goto(`${origin}/api/v1/health`);
    const status = (await page.evaluate(`(${WHEP_IN_PAGE})(${JSON.stringify(url)})`)) as number;
    return {
      status,
      states: () => page.evaluate('window.log') as Promise<StateChange[]>,
      media: () => page.evaluate('window.media') as Promise<{ packets: number; lastAt: number }>,
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}
