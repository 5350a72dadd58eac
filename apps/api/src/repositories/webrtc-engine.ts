import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import type { ChildProcess } from 'node:child_process';
import { withPassiveTcp } from './webrtc-sdp';
import { ENGINE_PROCESS, type MediaFormat, type RtpForward, type WebRtcWorkerCommand, type WebRtcWorkerEvent } from './webrtc-worker';
import { newWorkerProcess, RestartingWorker } from './workers';

export interface WebRtcEngineOptions {
  port: number;
  bind: string;
  /** ICE over TCP for peers without UDP (ice-tcp-relay.ts); 0: none. */
  tcpPort: number;
  iceServers: string[];
}

/** Why the engine did not answer: the stream has no media in this process, or the offer could not be taken. */
export class WebRtcRefusal extends Error {
  constructor(
    readonly reason: 'no_media' | 'failed' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** A command that is answered, before its id is given. */
type Request = Extract<WebRtcWorkerCommand, { id: number }> extends infer C ? (C extends unknown ? Omit<C, 'id'> : never) : never;

/** How long the worker may take to answer an offer (gathering candidates on one port takes milliseconds). */
const ANSWER_MS = 10_000;

/**
 * The WebRTC media engine (docs/live.md, "Sub-second delivery"): node-datachannel (libdatachannel) in a process of its
 * own (webrtc-worker.ts), so forwarding every packet to every viewer stays off the API's event loop, and a fault in
 * native code ends that process (started again) rather than the API. One UDP port for every
 * session. It takes publishers' offers (WHIP) and RTP from ffmpeg (an RTMP stream transcoded), and answers viewers'
 * offers (WHEP) with the stream's tracks; it knows nothing of keys, plans or caps, which the live module decides.
 */
@Injectable()
export class WebRtcEngine implements OnModuleDestroy {
  private readonly logger = new Logger('WebRtcEngine');
  private readonly restarting = new RestartingWorker('WebRTC engine process', this.logger, () => this.spawn(), () => this.forgetSessions());
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (event: WebRtcWorkerEvent) => void; timer: NodeJS.Timeout }>();
  private readonly stateListeners = new Map<string, (state: 'connected' | 'closed') => void>();
  private options?: WebRtcEngineOptions;
  /** The TCP port the running engine's answers announce (a passive candidate), 0 without one. */
  private tcpPort = 0;

  /** The engine's process, while one runs. */
  private get worker(): ChildProcess | undefined {
    return this.restarting.current;
  }

  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Starts the engine; rejects when it cannot (its port taken). A worker that dies later is started again. */
  async start(options: WebRtcEngineOptions): Promise<void> {
    this.options = options;
    await this.restarting.start();
  }

  private async spawn(): Promise<ChildProcess> {
    const options = this.options!;
    const worker = newWorkerProcess('live-webrtc-worker.js', 'webrtc-worker.ts', { [ENGINE_PROCESS]: '1' });
    const failed = (why: string) => new Error(`The WebRTC engine could not start on UDP ${options.port}${options.tcpPort ? ` and TCP ${options.tcpPort}` : ''}: ${why}`);
    await new Promise<void>((resolve, reject) => {
      worker.once('error', (e) => reject(failed(e.message)));
      worker.once('exit', (code, signal) => reject(failed(`its process ended (${code ?? signal})`)));
      const starting = (event: WebRtcWorkerEvent) => {
        if (event.type === 'log') this.logger[event.level](event.message);
        if (event.type !== 'ready') return;
        worker.off('message', starting);
        this.tcpPort = event.tcpPort;
        resolve();
      };
      worker.on('message', starting);
      worker.send({ type: 'start', data: options } satisfies WebRtcWorkerCommand);
    });
    worker.removeAllListeners('exit').removeAllListeners('error');
    worker.on('message', (event: WebRtcWorkerEvent) => this.received(event));
    worker.on('error', (e) => this.logger.error(`WebRTC engine process failed: ${e.message}`));
    return worker;
  }

  /**
   * The process ended by itself: every session it had is gone. Their owners hear so, and requests waiting for it are
   * answered.
   */
  private forgetSessions(): void {
    for (const [session, listener] of this.stateListeners) {
      this.stateListeners.delete(session);
      listener('closed');
    }
    for (const [id, { resolve, timer }] of this.pending) {
      clearTimeout(timer);
      this.pending.delete(id);
      resolve({ type: 'refused', id, reason: 'failed', message: 'The WebRTC engine stopped' });
    }
  }

  /**
   * A new unguessable session id (the last part of the session's URL): the stream's id without dashes, then 128 random
   * bits, 64 hex digits in all, so any replica tells a session's stream from its URL (docs/live.md, "Several replicas").
   */
  newSession(streamId: string): string {
    return `${streamId.replace(/-/g, '').toLowerCase()}${randomBytes(16).toString('hex')}`;
  }

  /**
   * Answers a publisher's (narrowed) offer; its RTP also goes to `forward` on loopback (the packager). `onState` hears
   * the connection come up and end (failed, closed or hung up).
   */
  async publish(
    session: string,
    streamId: string,
    offer: { sdp: string; mids: { video?: string; audio?: string }; format: MediaFormat },
    forward: RtpForward,
    keyframeMs: number,
    onState: (state: 'connected' | 'closed') => void,
  ): Promise<string> {
    this.stateListeners.set(session, onState);
    return this.answer({ type: 'publish', session, streamId, ...offer, forward, keyframeMs }, session);
  }

  /** Answers a viewer's offer with the stream's tracks; refuses (no_media) when the stream sends nothing here. */
  async view(session: string, streamId: string, offer: { sdp: string; video?: { mid: string; payloadType: number }; audio?: { mid: string; payloadType: number } }, onState: (state: 'connected' | 'closed') => void): Promise<string> {
    this.stateListeners.set(session, onState);
    return this.answer({ type: 'view', session, streamId, ...offer }, session);
  }

  /** Takes the stream's media from ffmpeg's RTP on loopback: the ports it listens on (RTCP on each + 1). */
  async listen(streamId: string, format: MediaFormat): Promise<{ video?: number; audio?: number }> {
    const ports: { video?: number; audio?: number } = {};
    for (const kind of ['video', 'audio'] as const) if (format[kind]) ports[kind] = await freePortPair();
    const event = await this.request({ type: 'source', streamId, format, ports });
    if (event.type !== 'ok') throw new WebRtcRefusal('failed', event.type === 'refused' ? event.message : 'unexpected answer');
    return event.ports ?? {};
  }

  addCandidates(session: string, candidates: { candidate: string; mid: string }[]): void {
    this.send({ type: 'candidates', session, candidates });
  }

  close(session: string): void {
    this.stateListeners.delete(session);
    this.send({ type: 'close', session });
  }

  /** The stream's media stops here: every viewer of it is closed. */
  dropSource(streamId: string): void {
    this.send({ type: 'dropSource', streamId });
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.restarting.stop();
    if (!worker) return;
    if (worker.exitCode !== null || worker.signalCode !== null) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.send({ type: 'stop' } satisfies WebRtcWorkerCommand);
    const killer = setTimeout(() => worker.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(killer);
  }

  private async answer(command: Request, session: string): Promise<string> {
    const event = await this.request(command).catch((e: Error) => {
      this.stateListeners.delete(session);
      throw e;
    });
    if (event.type === 'answer') return withPassiveTcp(event.sdp, this.tcpPort);
    this.stateListeners.delete(session);
    if (event.type === 'refused') throw new WebRtcRefusal(event.reason, event.message);
    throw new WebRtcRefusal('failed', `unexpected answer ${event.type}`);
  }

  private request(command: Request): Promise<WebRtcWorkerEvent> {
    if (!this.worker) return Promise.reject(new WebRtcRefusal('unavailable', 'The WebRTC engine is not running in this process'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new WebRtcRefusal('failed', 'The WebRTC engine did not answer in time'));
      }, ANSWER_MS);
      this.pending.set(id, { resolve, timer });
      this.send({ ...command, id } as WebRtcWorkerCommand);
    });
  }

  private received(event: WebRtcWorkerEvent): void {
    if (event.type === 'log') return void this.logger[event.level](event.message);
    if (event.type === 'state') {
      const listener = this.stateListeners.get(event.session);
      if (event.state === 'closed') this.stateListeners.delete(event.session);
      return listener?.(event.state);
    }
    if (!('id' in event)) return;
    const pending = this.pending.get(event.id);
    if (!pending) return;
    this.pending.delete(event.id);
    clearTimeout(pending.timer);
    pending.resolve(event);
  }

  private send(command: WebRtcWorkerCommand): void {
    if (this.worker?.connected) this.worker.send(command);
  }
}

/** An even loopback UDP port whose next one is free too (RTP and RTCP), as ffmpeg's RTP muxer and demuxer use them. */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = createSocket('udp4');
    const port = await new Promise<number>((resolve, reject) => {
      first.once('error', reject);
      first.bind(0, '127.0.0.1', () => resolve(first.address().port));
    });
    const even = port % 2 === 0 ? port : port + 1;
    const taken = await Promise.all([even, even + 1].map((p) => (p === port ? Promise.resolve(true) : canBind(p))));
    first.close();
    if (taken.every(Boolean)) return even;
  }
  throw new Error('No free UDP port pair on loopback');
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}
