import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { inspect } from 'node:util';
import { Audio, PeerConnection, type Track, Video } from 'node-datachannel';
import { isRtcp, RTCP_SR } from '../../src/repositories/rtcp-receiver';

/**
 * WebRTC peers for the API tests, on loopback (libdatachannel's threads keep a test process alive: jest ends its
 * workers when the run is done; run alone, this file needs --forceExit): an OBS-like WHIP publisher (libdatachannel, the library OBS's own WHIP
 * output uses, fed H.264 and stereo Opus RTP by ffmpeg: the installed ffmpeg has no WHIP output), and a WHEP viewer
 * that counts what reaches it.
 */

/**
 * Every peer and track made, kept for the life of the test process: libdatachannel's objects taken by the garbage
 * collector after being closed were seen to close newer peers under them. Kept on a core module, which is the one
 * object a jest worker shares between the test files it runs one after another (each file has modules, and globals,
 * of its own). Kept in this module only, a finished file's peers could be collected during the next file's tests: the
 * likely cause of a flake seen twice, each time when a WebRTC spec ran after another in one worker, whose first WHIP
 * peer libdatachannel closed while the server answered ("Got a remote candidate without ICE transport").
 */
const shared = inspect as unknown as Record<symbol, { held: unknown[]; peers: number } | undefined>;
const clients = (shared[Symbol.for('grouarock.webrtc-client-peers')] ??= { held: [], peers: 0 });
const held = clients.held;

const OPUS = 'minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1';
const H264 = 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1';

/** A peer's offer once its candidates are gathered (WHIP and WHEP without trickle). */
async function gatheredOffer(pc: PeerConnection): Promise<string> {
  const done = new Promise<void>((resolve) => pc.onGatheringStateChange((state) => state === 'complete' && resolve()));
  pc.setLocalDescription();
  await done;
  return pc.localDescription()!.sdp;
}

/**
 * A new peer with its tracks (`prepare`) and its gathered offer. A client peer made while another one of this process
 * closes is sometimes closed by libdatachannel within ~10 ms of its ICE starting (seen under load, before anything is
 * sent): such a peer is made again, before its offer reaches the server.
 */
async function newPeer<T>(name: string, prepare: (pc: PeerConnection) => T): Promise<{ pc: PeerConnection; offer: string; made: T }> {
  for (let attempt = 1; ; attempt++) {
    const pc = new PeerConnection(`${name}-${++clients.peers}`, { iceServers: [], bindAddress: '127.0.0.1' });
    const made = prepare(pc);
    held.push(pc, made);
    const offer = await gatheredOffer(pc);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (pc.state() !== 'closed') return { pc, offer, made };
    if (attempt === 3) throw new Error(`libdatachannel closed the ${name} peer three times before it was used`);
  }
}

/** POSTs an SDP offer as WHIP and WHEP clients do; the response, with its answer as text. */
export async function postOffer(url: string, sdp: string, token?: string): Promise<{ status: number; headers: Headers; body: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: sdp });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

export interface WhipPublisher {
  status: number;
  headers: Headers;
  body: string;
  /** The session's absolute URL (from Location). */
  session?: string;
  connected: Promise<void>;
  /** RTP packets sent so far, by kind. */
  sent: { video: number; audio: number };
  /** Stops the media; `hangUp` also DELETEs the session, as OBS's "Stop streaming" does. */
  stop(hangUp?: boolean): Promise<void>;
}

/**
 * Publishes to `url` with `token` as OBS does: an offer with one H.264 and one stereo Opus track, then ffmpeg's test
 * picture and a 440/660 Hz tone (left/right) once connected.
 */
export async function whipPublish(url: string, token: string, ffmpegPath: string, options: { bitrate?: string } = {}): Promise<WhipPublisher> {
  const ssrc = { video: 0x1000 + Math.floor(Math.random() * 1e6), audio: 0x2000000 + Math.floor(Math.random() * 1e6) };
  const { pc, offer, made: tracks } = await newPeer('whip-client', (pc): { video: Track; audio: Track } => {
    const video = new Video('0', 'SendOnly');
    video.addH264Codec(96, H264);
    video.addSSRC(ssrc.video, 'obs', 'obs-stream', 'obs-video');
    const audio = new Audio('1', 'SendOnly');
    audio.addOpusCodec(111, OPUS);
    audio.addSSRC(ssrc.audio, 'obs', 'obs-stream', 'obs-audio');
    return { video: pc.addTrack(video), audio: pc.addTrack(audio) };
  });
  const response = await postOffer(url, offer, token);
  const sent = { video: 0, audio: 0 };
  let ffmpeg: ChildProcess | undefined;
  const sockets: Socket[] = [];
  const stopMedia = () => {
    ffmpeg?.kill('SIGKILL');
    for (const socket of sockets.splice(0)) socket.close();
  };
  const location = response.headers.get('location');
  const session = location ? new URL(location, url).toString() : undefined;
  if (response.status !== 201) {
    pc.close();
    return { ...response, session, connected: refused('WHIP', response.status), sent, stop: async () => undefined };
  }
  const connected = new Promise<void>((resolve, reject) => {
    pc.onStateChange((state) => (state === 'connected' ? resolve() : state === 'failed' ? reject(new Error('WHIP connection failed')) : undefined));
  });
  connected.catch(() => undefined);
  pc.setRemoteDescription(response.body, 'answer');
  const ports = { video: 0, audio: 0 };
  for (const kind of ['video', 'audio'] as const) {
    const socket = createSocket('udp4');
    sockets.push(socket);
    socket.on('message', (packet) => {
      // ffmpeg's RTP goes out on the tracks as it is: its SSRCs and payload types are the ones the offer announced;
      // of its RTCP (on the same port), the sender reports, as OBS sends them (the receiver's lip sync).
      if (isRtcp(packet) && packet[1] !== RTCP_SR) return;
      try {
        if (tracks[kind].isOpen() && tracks[kind].sendMessageBinary(packet)) sent[kind]++;
      } catch {
        // Closed meanwhile.
      }
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    ports[kind] = socket.address().port;
  }
  void connected.then(() => {
    ffmpeg = spawn(
      ffmpegPath,
      [
        '-hide_banner', '-loglevel', 'error', '-re',
        '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30',
        '-f', 'lavfi', '-i', 'aevalsrc=sin(440*2*PI*t)|sin(660*2*PI*t):s=48000:c=stereo',
        '-map', '0:v', '-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-bf', '0',
        '-b:v', options.bitrate ?? '1500k', '-pix_fmt', 'yuv420p',
        '-payload_type', '96', '-ssrc', String(ssrc.video), '-f', 'rtp', `rtp://127.0.0.1:${ports.video}?pkt_size=1200&rtcpport=${ports.video}`,
        '-map', '1:a', '-c:a', 'libopus', '-ac', '2', '-b:a', '128k',
        '-payload_type', '111', '-ssrc', String(ssrc.audio), '-f', 'rtp', `rtp://127.0.0.1:${ports.audio}?pkt_size=1200&rtcpport=${ports.audio}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }, () => undefined);
  return {
    ...response,
    session,
    connected,
    sent,
    stop: async (hangUp = false) => {
      stopMedia();
      if (hangUp && session) await fetch(session, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
      for (const track of Object.values(tracks)) track.close();
      pc.close();
    },
  };
}

export interface WhepViewer {
  status: number;
  headers: Headers;
  body: string;
  session?: string;
  connected: Promise<void>;
  /**
   * RTP packets received, by kind, their bytes, and the SSRCs and payload types they came with; when the last one came
   * (ms); the first video sequence number and the newest (extended past 2^16): packets sent meanwhile, lost or not.
   */
  received: {
    video: number;
    audio: number;
    bytes: number;
    keyframes: number;
    ssrcs: Set<number>;
    payloadTypes: Set<number>;
    lastAt: number;
    videoFirstSeq: number;
    videoLastSeq: number;
    /** RTCP sender reports (each ties its stream's RTP clock to the wall clock: the viewer's lip sync). */
    senderReports: number;
  };
  /** When the connection was first seen lost (disconnected, failed or closed), once it was (ms). */
  lostAt?: number;
  close(): Promise<void>;
}

/** Watches over WHEP: a receive-only offer for H.264 (payload type 102) and Opus (109), as a browser numbers them its own way. */
export async function whepView(url: string, token?: string, viewerId?: string, attempt = 1): Promise<WhepViewer> {
  const received = { video: 0, audio: 0, bytes: 0, keyframes: 0, ssrcs: new Set<number>(), payloadTypes: new Set<number>(), lastAt: 0, videoFirstSeq: -1, videoLastSeq: -1, senderReports: 0 };
  const { pc, offer, made: tracks } = await newPeer('whep-client', (pc) => {
    const video = new Video('v', 'RecvOnly');
    video.addH264Codec(102, H264);
    const audio = new Audio('a', 'RecvOnly');
    audio.addOpusCodec(109, OPUS);
    const made = [pc.addTrack(video), pc.addTrack(audio)];
    for (const [i, track] of made.entries()) {
      track.onMessage((packet) => {
        if (isRtcp(packet)) {
          if (packet[1] === RTCP_SR) received.senderReports++;
          return;
        }
        received.lastAt = Date.now();
        received.bytes += packet.length;
        received.ssrcs.add(packet.readUInt32BE(8));
        received.payloadTypes.add(packet[1] & 0x7f);
        if (i === 0) {
          received.video++;
          // RTP sequence numbers wrap at 2^16: the newest one, extended, tells how many were sent since the first.
          const sequence = packet.readUInt16BE(2);
          if (received.videoFirstSeq < 0) received.videoFirstSeq = received.videoLastSeq = sequence;
          else {
            const ahead = (sequence - received.videoLastSeq + 0x10000) % 0x10000;
            if (ahead > 0 && ahead < 0x8000) received.videoLastSeq += ahead;
          }
          if ((packet[12] & 0x1f) === 7 || ((packet[12] & 0x1f) === 24 && (packet[15] & 0x1f) === 7)) received.keyframes++;
        } else received.audio++;
      });
    }
    return made;
  });
  const response = await postOffer(viewerId ? `${url}?viewer=${viewerId}` : url, offer, token);
  const location = response.headers.get('location');
  const session = location ? new URL(location, url).toString() : undefined;
  if (response.status !== 201) {
    pc.close();
    return { ...response, session, received, connected: refused('WHEP', response.status), close: async () => undefined };
  }
  const viewer: WhepViewer = { ...response, session, received, connected: Promise.resolve(), close: async () => undefined };
  const connected = new Promise<void>((resolve, reject) => {
    pc.onStateChange((state) => {
      if (state !== 'connected' && state !== 'connecting' && state !== 'new') viewer.lostAt ??= Date.now();
      return state === 'connected' ? resolve() : state === 'failed' ? reject(new Error('WHEP connection failed')) : undefined;
    });
  });
  connected.catch(() => undefined);
  try {
    pc.setRemoteDescription(response.body, 'answer');
  } catch (e) {
    // The client peer was closed under us (see newPeer): the server's session goes, and the viewer asks again.
    if (!/without ICE transport/.test((e as Error).message) || attempt === 3) throw e;
    if (session) await fetch(session, { method: 'DELETE' });
    return whepView(url, token, viewerId, attempt + 1);
  }
  return Object.assign(viewer, {
    connected,
    close: async () => {
      if (session) await fetch(session, { method: 'DELETE' }).catch(() => undefined);
      for (const track of tracks) track.close();
      pc.close();
    },
  });
}

/** The `connected` of a peer the server refused: rejects, handled or not. */
function refused(what: string, status: number): Promise<void> {
  const failed = Promise.reject(new Error(`${what} answered ${status}`));
  failed.catch(() => undefined);
  return failed;
}

/** Waits until `check` holds, polling every 100 ms; fails after `ms` with `what`. */
export async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
