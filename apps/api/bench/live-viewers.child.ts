// Viewers of one live stream for bench:live, in a process of their own so their work is not counted as the server's:
// WebRTC viewers (libdatachannel peers asking over WHEP, as the tests' viewer does) or HLS viewers (a player's loop:
// the playlist every second, each new segment once, read and discarded).
// Parent → child: Start, then 'report' (answered with Report, counting from the previous one), then 'close'.
// Child → parent: Ready once every viewer plays, was refused (WHEP's 503) or failed to connect twice; or { error }.
import { whepView, type WhepViewer } from '../test/support/webrtc-clients';

export interface Start {
  kind: 'webrtc' | 'hls';
  /** The WHEP endpoint, or the playlist. */
  url: string;
  count: number;
}

export interface Ready {
  ready: true;
  /** Viewers the server refused (503 at its cap). */
  refused: number;
  /** WebRTC viewers whose first connection failed, and who connected when they asked again (as the player does). */
  retried: number;
  /** WebRTC viewers who failed to connect twice. */
  failed: number;
}

export interface Report {
  /** Bytes received since the last report, over every viewer (RTP packets' for WebRTC, audio included). */
  bytes: number;
  /**
   * WebRTC: the share of the video packets sent since the last report (by their sequence numbers) that never
   * arrived, over every viewer, and at the viewer that lost the most.
   */
  lost: { all: number; worst: number };
  /** Answers other than 200 to the HLS viewers' requests since the last report, by status ('error': none came). */
  failures: Record<string, number>;
}

/** What each viewer has had so far, and what it had at the last report. */
interface Counted {
  bytes: () => number;
  /** Video packets received, and sent (by sequence number), so far. */
  video: () => { received: number; sent: number };
  last: { bytes: number; received: number; sent: number };
}

const viewers: Counted[] = [];
const closers: (() => Promise<void>)[] = [];
let closing = false;
/** Answers other than 200 to HLS viewers since the last report. */
let failed: Record<string, number> = {};
/** Viewers whose connection failed and who asked again (a player retries once), and those who failed twice. */
const connecting = { retried: 0, failed: 0 };

async function webrtcViewer(url: string, i: number, attempt = 1): Promise<boolean> {
  const viewer: WhepViewer = await whepView(url, undefined, `bench-viewer-${i}`);
  if (viewer.status !== 201) return false;
  try {
    await viewer.connected;
  } catch {
    await viewer.close();
    if (attempt === 2) {
      connecting.failed++;
      return true;
    }
    connecting.retried++;
    return webrtcViewer(url, i, attempt + 1);
  }
  closers.push(() => viewer.close());
  const { received } = viewer;
  viewers.push({
    bytes: () => received.bytes,
    video: () => ({ received: received.video, sent: received.videoFirstSeq < 0 ? 0 : received.videoLastSeq - received.videoFirstSeq + 1 }),
    last: { bytes: 0, received: 0, sent: 0 },
  });
  return true;
}

async function hlsViewer(playlist: string, i: number): Promise<boolean> {
  const url = `${playlist}?viewer=bench-viewer-${i}`;
  const seen = new Set<string>();
  const state = { bytes: 0 };
  const first = await fetch(url);
  await first.arrayBuffer();
  if (!first.ok) return false;
  viewers.push({ bytes: () => state.bytes, video: () => ({ received: 0, sent: 0 }), last: { bytes: 0, received: 0, sent: 0 } });
  /** The body of a 200; else '' and the failure counted. */
  const get = async (target: string): Promise<string> => {
    try {
      const response = await fetch(target);
      const body = await response.text();
      if (response.ok) return body;
      failed[response.status] = (failed[response.status] ?? 0) + 1;
    } catch {
      failed.error = (failed.error ?? 0) + 1;
    }
    return '';
  };
  void (async () => {
    while (!closing) {
      const started = Date.now();
      for (const line of (await get(url)).split('\n')) {
        if (!line || line.startsWith('#') || seen.has(line)) continue;
        seen.add(line);
        const segment = await fetch(new URL(line, playlist)).then(async (r) => (r.ok ? (await r.arrayBuffer()).byteLength : 0), () => 0);
        if (!segment) failed.segment = (failed.segment ?? 0) + 1;
        state.bytes += segment;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  return true;
}

function report(): Report {
  let bytes = 0;
  let received = 0;
  let sent = 0;
  let worst = 0;
  for (const viewer of viewers) {
    const now = { bytes: viewer.bytes(), ...viewer.video() };
    const [got, of] = [now.received - viewer.last.received, now.sent - viewer.last.sent];
    bytes += now.bytes - viewer.last.bytes;
    received += got;
    sent += of;
    // A retransmission (NACK) arrives twice: what arrived is at most what was sent.
    if (of > 0) worst = Math.max(worst, 1 - Math.min(got, of) / of);
    viewer.last = now;
  }
  const answer: Report = { bytes, lost: { all: sent > 0 ? Math.max(0, 1 - received / sent) : 0, worst }, failures: failed };
  failed = {};
  return answer;
}

process.on('message', (message: Start | 'report' | 'close') => {
  if (message === 'report') return process.send!(report());
  if (message === 'close') {
    closing = true;
    void Promise.allSettled(closers.map((close) => close())).then(() => process.exit(0));
    return;
  }
  void (async () => {
    let refused = 0;
    // Ten at a time, as a crowd arriving: each asks, gathers and connects.
    let nextViewer = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (nextViewer < message.count) {
          const i = nextViewer++;
          if (!(await (message.kind === 'webrtc' ? webrtcViewer(message.url, i) : hlsViewer(message.url, i)))) refused++;
        }
      }),
    );
    process.send!({ ready: true, refused, ...connecting } satisfies Ready);
  })().catch((e: Error) => process.send!({ error: e.message }));
});
