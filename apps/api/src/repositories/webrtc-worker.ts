import { createSocket, type Socket } from 'node:dgram';
import { createRequire } from 'node:module';
import type * as Ndc from 'node-datachannel';
import { IceTcpRelay } from './ice-tcp-relay';
import { isRtcp, RTCP_PSFB, RTCP_SR, RtcpReceiver } from './rtcp-receiver';
import { OPUS_FMTP } from './webrtc-sdp';

/** What the engine process is started with (its first message; docs/live.md, "Sub-second delivery"). */
export interface WebRtcWorkerData {
  /** The one UDP port every session of this process shares (ICE UDP mux), and the address it binds. */
  port: number;
  bind: string;
  /** The TCP port of ICE over TCP (a passive candidate relayed to `port`, ice-tcp-relay.ts); 0: none. */
  tcpPort: number;
  /** STUN/TURN servers the engine itself gathers with (`stun:host:port`, `turn:user:pass@host:port`). */
  iceServers: string[];
}

/** A stream's media as it reaches the engine: one H.264 and one Opus RTP stream, each with its payload type. */
export interface MediaFormat {
  video?: { payloadType: number; profile?: string };
  audio?: { payloadType: number };
}

/** Where a publisher's RTP is also sent, on loopback: the stream's packager (ffmpeg reading an SDP), RTCP to port + 1. */
export interface RtpForward {
  video?: number;
  audio?: number;
}

/** To the engine process. `id` pairs a request with its answer. */
export type WebRtcWorkerCommand =
  | { type: 'start'; data: WebRtcWorkerData }
  | {
      type: 'publish';
      id: number;
      session: string;
      streamId: string;
      /** The publisher's offer, narrowed to our codecs (webrtc-sdp.ts), and what it carries. */
      sdp: string;
      mids: { video?: string; audio?: string };
      format: MediaFormat;
      forward: RtpForward;
      /** Ask the publisher for a keyframe this often (each HLS segment starts on one). */
      keyframeMs: number;
    }
  | { type: 'source'; id: number; streamId: string; format: MediaFormat; ports: { video?: number; audio?: number } }
  | { type: 'view'; id: number; session: string; streamId: string; sdp: string; video?: { mid: string; payloadType: number }; audio?: { mid: string; payloadType: number } }
  | { type: 'candidates'; session: string; candidates: { candidate: string; mid: string }[] }
  | { type: 'close'; session: string }
  | { type: 'dropSource'; streamId: string }
  | { type: 'stop' };

/** From the worker. */
export type WebRtcWorkerEvent =
  | { type: 'ready'; port: number; tcpPort: number }
  | { type: 'answer'; id: number; sdp: string }
  | { type: 'refused'; id: number; reason: 'no_media' | 'failed'; message: string }
  | { type: 'ok'; id: number; ports?: { video?: number; audio?: number } }
  /** A session's connection is up, or gone for good (failed, closed, or its peer hung up). */
  | { type: 'state'; session: string; state: 'connected' | 'closed' }
  | { type: 'log'; level: 'warn' | 'error'; message: string };

/** Set in the engine process's environment (it is not started by importing this file). */
export const ENGINE_PROCESS = 'GROUAROCK_WEBRTC_ENGINE';

/** How long a session may take from its answer to a connection before it is closed. */
const CONNECT_MS = 15_000;
/** A viewer's keyframe requests reach the publisher at most this often. */
const KEYFRAME_GAP_MS = 500;
/** The bitrate a publisher is told it may send (REMB): a 1080p30 concert with room to spare. */
const PUBLISHER_BITRATE = 6_000_000;


interface Source {
  streamId: string;
  format: MediaFormat;
  /** The SSRC each kind arrives with (learnt from the first packet): viewers' answers announce them. */
  ssrc: { video?: number; audio?: number };
  viewers: Set<Viewer>;
  /** Asks whoever feeds the stream for a keyframe (a WebRTC publisher: PLI; ffmpeg's RTP: nothing to ask). */
  keyframe(): void;
  lastKeyframeAsk: number;
  /** Viewers waiting for the first packets, so that their answer can name the stream's SSRCs. */
  waiting: (() => void)[];
  close(): void;
}

interface Session {
  id: string;
  pc: Ndc.PeerConnection;
  /** Kept referenced: a Track object the garbage collector takes stops its media without an error. */
  tracks: Ndc.Track[];
  connectTimer?: NodeJS.Timeout;
  closed: boolean;
  onClose(): void;
}

interface Viewer extends Session {
  source: Source;
  video?: { track: Ndc.Track; payloadType: number };
  audio?: { track: Ndc.Track; payloadType: number };
  /** Whether the viewer has had a keyframe since it connected (video is sent from the first one). */
  started: boolean;
}

const post = (event: WebRtcWorkerEvent): void => void process.send?.(event);
const warn = (message: string) => post({ type: 'log', level: 'warn', message });

async function run(data: WebRtcWorkerData): Promise<void> {
  const ndc = createRequire(__filename)('node-datachannel') as typeof Ndc;
  const sources = new Map<string, Source>();
  const sessions = new Map<string, Session>();
  const config: Ndc.RtcConfig = {
    iceServers: data.iceServers,
    bindAddress: data.bind,
    enableIceUdpMux: true,
    portRangeBegin: data.port,
    portRangeEnd: data.port,
  };

  /** A new PeerConnection for `session`: its full answer (every candidate gathered) to `sdp`, posted under `id`. */
  function connect<T extends object>(id: number, sessionId: string, sdp: string, base: T, prepare: (pc: Ndc.PeerConnection) => Ndc.Track[], onClose: () => void): Session & T {
    const pc = new ndc.PeerConnection(sessionId, config);
    const session: Session & T = Object.assign(base, { id: sessionId, pc, tracks: [], closed: false, onClose });
    sessions.set(sessionId, session);
    let answered = false;
    const answer = () => {
      if (answered) return;
      const local = pc.localDescription();
      if (!local || pc.gatheringState() !== 'complete') return;
      answered = true;
      post({ type: 'answer', id, sdp: local.sdp });
    };
    pc.onGatheringStateChange(answer);
    pc.onLocalDescription(answer);
    pc.onStateChange((state) => {
      if (state === 'connected') {
        clearTimeout(session.connectTimer);
        post({ type: 'state', session: sessionId, state: 'connected' });
      } else if (state === 'failed' || state === 'closed' || state === 'disconnected') close(sessionId);
    });
    session.connectTimer = setTimeout(() => close(sessionId), CONNECT_MS);
    try {
      session.tracks.push(...prepare(pc));
      pc.setRemoteDescription(sdp, 'offer');
    } catch (e) {
      close(sessionId, true);
      throw e;
    }
    answer();
    return session;
  }

  function close(sessionId: string, quiet = false): void {
    const session = sessions.get(sessionId);
    if (!session || session.closed) return;
    session.closed = true;
    sessions.delete(sessionId);
    clearTimeout(session.connectTimer);
    session.onClose();
    try {
      for (const track of session.tracks) track.close();
      session.pc.close();
    } catch (e) {
      warn(`Closing ${sessionId}: ${(e as Error).message}`);
    }
    if (!quiet) post({ type: 'state', session: sessionId, state: 'closed' });
  }

  function newSource(streamId: string, format: MediaFormat, keyframe: () => void, closeFeed: () => void): Source {
    sources.get(streamId)?.close();
    const source: Source = {
      streamId,
      format,
      ssrc: {},
      viewers: new Set(),
      keyframe,
      lastKeyframeAsk: 0,
      waiting: [],
      close: () => {
        if (sources.get(streamId) === source) sources.delete(streamId);
        closeFeed();
        for (const viewer of [...source.viewers]) close(viewer.id);
        for (const wake of source.waiting.splice(0)) wake();
      },
    };
    sources.set(streamId, source);
    return source;
  }

  function askKeyframe(source: Source): void {
    const now = Date.now();
    if (now - source.lastKeyframeAsk < KEYFRAME_GAP_MS) return;
    source.lastKeyframeAsk = now;
    source.keyframe();
  }

  function publish(command: Extract<WebRtcWorkerCommand, { type: 'publish' }>): void {
    const forward = createSocket('udp4');
    forward.on('error', (e) => warn(`Forwarding ${command.streamId} to its packager: ${e.message}`));
    // Each HLS segment starts on a keyframe: the publisher is asked for one each segment length.
    const keyframeTimer = setInterval(() => askKeyframe(source), command.keyframeMs);
    let video: { track: Ndc.Track; receiver: RtcpReceiver } | undefined;
    const feedback = (track: Ndc.Track, packet: Buffer | undefined) => void (packet && track.isOpen() && track.sendMessageBinary(packet));
    const source = newSource(
      command.streamId,
      command.format,
      () => video && feedback(video.track, video.receiver.pictureLoss()),
      () => {
        clearInterval(keyframeTimer);
        forward.close();
        close(command.session);
      },
    );
    connect(
      command.id,
      command.session,
      command.sdp,
      {},
      (pc) => {
        const tracks: Ndc.Track[] = [];
        for (const kind of ['video', 'audio'] as const) {
          const mid = command.mids[kind];
          const format = command.format[kind];
          if (!mid || !format) continue;
          const media = kind === 'video' ? new ndc.Video(mid, 'RecvOnly') : new ndc.Audio(mid, 'RecvOnly');
          if (kind === 'video') (media as Ndc.Video).addH264Codec(format.payloadType, (command.format.video!.profile ? `profile-level-id=${command.format.video!.profile};` : '') + 'packetization-mode=1;level-asymmetry-allowed=1');
          else (media as Ndc.Audio).addOpusCodec(format.payloadType, OPUS_FMTP);
          // No media handler: every RTCP packet of the publisher reaches us, its sender reports too (rtcp-receiver.ts).
          const track = pc.addTrack(media);
          const receiver = new RtcpReceiver();
          const port = command.forward[kind];
          track.onMessage((packet) => {
            // Nothing may throw out of a native callback: that ends the process ("terminate called").
            try {
              if (packet.length < 12) return;
              if (isRtcp(packet)) {
                // Of its RTCP, its sender reports: to every viewer (their lip sync), each answered with a receiver
                // report and, for the video, the bitrate it may send, as libdatachannel's session did. The packager
                // gets no RTCP: it times the HLS by the RTP alone, as it always has.
                if (packet[1] !== RTCP_SR) return;
                receiver.senderReport(packet);
                fanOut(source, kind, packet);
                feedback(track, receiver.receiverReport());
                if (kind === 'video') feedback(track, receiver.bitrate(PUBLISHER_BITRATE));
                return;
              }
              const first = !receiver.started;
              receiver.rtp(packet);
              // Its first packet names its SSRC, to which the bitrate it may send and a keyframe request are addressed.
              if (first && kind === 'video') {
                feedback(track, receiver.bitrate(PUBLISHER_BITRATE));
                feedback(track, receiver.pictureLoss());
              }
              fanOut(source, kind, packet);
              if (port) forward.send(packet, port, '127.0.0.1');
            } catch (e) {
              warn(`Forwarding a packet of ${command.streamId}: ${(e as Error).message}`);
            }
          });
          if (kind === 'video') video = { track, receiver };
          tracks.push(track);
        }
        return tracks;
      },
      () => source.close(),
    );
  }

  /** An RTP feed on loopback (ffmpeg's, for an RTMP stream): UDP sockets on ports of their own, RTCP on port + 1. */
  function feed(command: Extract<WebRtcWorkerCommand, { type: 'source' }>): void {
    const sockets: Socket[] = [];
    const source = newSource(command.streamId, command.format, () => undefined, () => sockets.forEach((s) => s.close()));
    const ports: { video?: number; audio?: number } = {};
    let pending = 0;
    for (const kind of ['video', 'audio'] as const) {
      const port = command.ports[kind];
      if (!command.format[kind] || port === undefined) continue;
      for (const offset of [0, 1]) {
        const socket = createSocket('udp4');
        sockets.push(socket);
        socket.on('message', (packet) => fanOut(source, kind, packet));
        socket.on('error', (e) => warn(`RTP of ${command.streamId}: ${e.message}`));
        pending++;
        socket.bind(port + offset, '127.0.0.1', () => {
          if (offset === 0) ports[kind] = socket.address().port;
          if (--pending === 0) post({ type: 'ok', id: command.id, ports });
        });
      }
    }
    if (pending === 0) post({ type: 'ok', id: command.id, ports });
  }

  function view(command: Extract<WebRtcWorkerCommand, { type: 'view' }>): void {
    const source = sources.get(command.streamId);
    if (!source) return post({ type: 'refused', id: command.id, reason: 'no_media', message: 'The stream sends no media here' });
    const start = () => {
      if (!sources.has(command.streamId)) return post({ type: 'refused', id: command.id, reason: 'no_media', message: 'The stream ended' });
      const viewer = { source, started: false } as Viewer;
      connect(
        command.id,
        command.session,
        command.sdp,
        viewer,
        (pc) => {
          const tracks: Ndc.Track[] = [];
          for (const kind of ['video', 'audio'] as const) {
            const wanted = command[kind];
            const ssrc = source.ssrc[kind];
            if (!wanted || !source.format[kind] || ssrc === undefined) continue;
            const media = kind === 'video' ? new ndc.Video(wanted.mid, 'SendOnly') : new ndc.Audio(wanted.mid, 'SendOnly');
            if (kind === 'video') (media as Ndc.Video).addH264Codec(wanted.payloadType, (source.format.video!.profile ? `profile-level-id=${source.format.video!.profile};` : '') + 'packetization-mode=1;level-asymmetry-allowed=1');
            else (media as Ndc.Audio).addOpusCodec(wanted.payloadType, OPUS_FMTP);
            // The publisher's SSRC, announced: the browser then takes the forwarded packets as this track's.
            media.addSSRC(ssrc, `live-${kind}`, `live-${command.streamId}`, `${kind}-${command.streamId}`);
            const track = pc.addTrack(media);
            if (kind === 'video') track.setMediaHandler(new ndc.RtcpNackResponder());
            track.onMessage((packet) => {
              // A picture loss (PLI, FIR) from the viewer: the publisher is asked for a keyframe.
              try {
                if (packet[1] === RTCP_PSFB && ((packet[0] & 0x1f) === 1 || (packet[0] & 0x1f) === 4)) askKeyframe(source);
              } catch (e) {
                warn(`A viewer's feedback on ${command.streamId}: ${(e as Error).message}`);
              }
            });
            track.onOpen(() => {
              try {
                if (kind === 'video') askKeyframe(source);
              } catch (e) {
                warn(`Asking ${command.streamId} for a keyframe: ${(e as Error).message}`);
              }
            });
            viewer[kind] = { track, payloadType: wanted.payloadType };
            tracks.push(track);
          }
          return tracks;
        },
        () => source.viewers.delete(viewer),
      );
      source.viewers.add(viewer);
    };
    if (knowsSsrcs(source)) return start();
    // The stream's first packets have not come yet: its SSRCs are not known. Wait for them a little.
    const timer = setTimeout(() => {
      const i = source.waiting.indexOf(wake);
      if (i >= 0) source.waiting.splice(i, 1);
      post({ type: 'refused', id: command.id, reason: 'no_media', message: 'The stream sends no media yet' });
    }, 5000);
    const wake = () => {
      clearTimeout(timer);
      try {
        start();
      } catch (e) {
        post({ type: 'refused', id: command.id, reason: 'failed', message: (e as Error).message });
      }
    };
    source.waiting.push(wake);
  }

  process.on('message', (command: WebRtcWorkerCommand) => {
    try {
      switch (command.type) {
        case 'start':
          return;
        case 'publish':
          return publish(command);
        case 'source':
          return feed(command);
        case 'view':
          return view(command);
        case 'candidates': {
          const session = sessions.get(command.session);
          for (const { candidate, mid } of command.candidates) session?.pc.addRemoteCandidate(candidate, mid);
          return;
        }
        case 'close':
          return close(command.session, true);
        case 'dropSource':
          return sources.get(command.streamId)?.close();
        case 'stop':
          for (const source of [...sources.values()]) source.close();
          for (const id of [...sessions.keys()]) close(id, true);
          return process.exit(0);
      }
    } catch (e) {
      const id = 'id' in command ? command.id : undefined;
      if (id !== undefined) post({ type: 'refused', id, reason: 'failed', message: (e as Error).message });
      else warn(`${command.type}: ${(e as Error).message}`);
    }
  });
  let tcpPort = 0;
  if (data.tcpPort) {
    try {
      tcpPort = await new IceTcpRelay({ port: data.tcpPort, bind: data.bind, enginePort: data.port }).listen();
    } catch (e) {
      post({ type: 'log', level: 'error', message: `ICE over TCP could not start (LIVE_WEBRTC_TCP_PORT): ${(e as Error).message}` });
      return process.exit(1);
    }
  }
  post({ type: 'ready', port: data.port, tcpPort });
}

/**
 * One RTP or RTCP packet of the stream: to each viewer in the payload type it negotiated, and the sender reports as
 * they are. This runs for every packet and every viewer (hundreds of them): a viewer that numbered the codec as the
 * stream does gets the packet itself, and the viewers that numbered it otherwise share one copy per payload type.
 */
export function fanOut(source: Source, kind: 'video' | 'audio', packet: Buffer): void {
  // Shorter than an RTP header: not a packet of the stream (anything on this machine may write to the loopback port).
  if (packet.length < 12) return;
  const type = packet[1];
  if (isRtcp(packet)) {
    // RTCP: the publisher's sender reports let each viewer line its audio up with its video.
    if (type !== RTCP_SR) return;
    for (const viewer of source.viewers) {
      const out = viewer[kind];
      if (out?.track.isOpen() && (kind === 'audio' || viewer.started)) out.track.sendMessageBinary(packet);
    }
    return;
  }
  if (source.ssrc[kind] === undefined) {
    source.ssrc[kind] = packet.readUInt32BE(8);
    if (knowsSsrcs(source)) for (const wake of source.waiting.splice(0)) wake();
  }
  const keyframe = kind === 'video' && isH264Keyframe(packet);
  const payloadType = type & 0x7f;
  // Made on the first viewer that needs each: browsers mostly agree on a numbering, so there are one or two.
  let copies: Map<number, Buffer> | undefined;
  for (const viewer of source.viewers) {
    const out = viewer[kind];
    if (!out || !out.track.isOpen()) continue;
    if (kind === 'video' && !viewer.started) {
      if (!keyframe) continue;
      viewer.started = true;
    }
    if (out.payloadType === payloadType) {
      out.track.sendMessageBinary(packet);
      continue;
    }
    let copy = copies?.get(out.payloadType);
    if (!copy) {
      // The viewer's payload type, the marker bit kept. Never changed once sent: every viewer of that type shares it.
      copy = Buffer.from(packet);
      copy[1] = (type & 0x80) | out.payloadType;
      (copies ??= new Map()).set(out.payloadType, copy);
    }
    out.track.sendMessageBinary(copy);
  }
}

/** Whether every kind the stream carries has sent a packet (viewers' answers name their SSRCs). */
function knowsSsrcs(source: Source): boolean {
  return (!source.format.video || source.ssrc.video !== undefined) && (!source.format.audio || source.ssrc.audio !== undefined);
}

/**
 * Whether an H.264 RTP packet starts a keyframe: an IDR slice, or SPS (which encoders send right before one), alone,
 * in a STAP-A, or as the first fragment of an FU-A.
 */
export function isH264Keyframe(packet: Buffer): boolean {
  const csrcs = packet[0] & 0x0f;
  let offset = 12 + csrcs * 4;
  if (packet[0] & 0x10) {
    if (packet.length < offset + 4) return false;
    offset += 4 + packet.readUInt16BE(offset + 2) * 4;
  }
  if (packet.length <= offset) return false;
  const nal = packet[offset] & 0x1f;
  if (nal === 5 || nal === 7) return true;
  if (nal === 28 && packet.length > offset + 1) {
    const fu = packet[offset + 1];
    return (fu & 0x80) !== 0 && ((fu & 0x1f) === 5 || (fu & 0x1f) === 7);
  }
  if (nal === 24) {
    let at = offset + 1;
    while (at + 2 < packet.length) {
      const size = packet.readUInt16BE(at);
      const inner = packet[at + 2] & 0x1f;
      if (inner === 5 || inner === 7) return true;
      at += 2 + size;
    }
  }
  return false;
}

/**
 * Run as a child process of the API (webrtc-engine.ts), not a worker thread: libdatachannel's bindings keep state per
 * process, which a second isolate (a restarted worker, a test's own peer) breaks, and a fault in native code then ends
 * this process alone. It starts on its first message and ends with its parent.
 */
if (process.send && process.env[ENGINE_PROCESS] === '1') {
  process.once('message', (first: WebRtcWorkerCommand) => first.type === 'start' && void run(first.data));
  process.on('disconnect', () => process.exit(0));
}
