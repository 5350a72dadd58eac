import { createRequire } from 'node:module';
import type { Server } from 'node:net';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/** What the worker is started with. */
export interface RtmpWorkerData {
  bind: string;
  port: number;
}

/**
 * From the worker: it listens; an encoder asks to publish (its session here, the app and stream name it gave: the
 * name is the stream key, and its address). The worker admits no one itself: the API answers each `publish`, by
 * leaving the session be or by `drop`.
 */
export type RtmpWorkerEvent = { type: 'ready' } | { type: 'publish'; session: string; app: string; key: string; ip: string };

/** To the worker: close a publisher's session (refused, or its stream is over); stop the server. */
export type RtmpWorkerCommand = { type: 'drop'; session: string } | { type: 'stop' };

/** node-media-server's session, as far as this worker uses it. */
interface Session {
  id: string;
  ip: string;
  streamApp: string;
  streamName: string;
  close(): void;
}

/** node-media-server's server, as far as this worker uses it (the package has no types). */
interface MediaServer {
  on(event: 'prePublish' | 'prePlay', listener: (session: Session) => void): void;
  stop(): Promise<void>;
  rtmpServer: { tcpServer: Server; run(): void };
}

type MediaServerClass = new (config: object) => MediaServer;

const LOOPBACK = /^(127\.|::1:|::ffff:127\.)/;

/**
 * The RTMP ingest's worker thread (docs/live.md, "Ingest"; its own bundle, dist/apps/api/live-rtmp-worker.js):
 * node-media-server's RTMP server, nothing else (no HTTP, no admin, no recording, no store). Only the RTMP server is
 * run, not `nms.run()`: that opens node-media-server's JSON store and its history server, which writes every finished
 * publish session to disk with its stream name, the plaintext stream key (and every wrong key someone tried). A key
 * must never reach disk. The worker keeps no keys: node-media-server does not wait for its `prePublish` listeners, so
 * each publisher is reported to the API, which asks the database and drops those it refuses. Players are only ffmpeg
 * on loopback.
 */
function serve(port: NonNullable<typeof parentPort>, data: RtmpWorkerData): void {
  const NodeMediaServer = createRequire(__filename)('node-media-server') as MediaServerClass;
  /** Publishers reported to the API and not dropped yet. */
  const sessions = new Map<string, Session>();
  const post = (event: RtmpWorkerEvent) => port.postMessage(event);
  const nms = new NodeMediaServer({
    bind: data.bind,
    rtmp: { port: data.port, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
    webadmin: { enable: false },
  });
  nms.on('prePublish', (session) => {
    sessions.set(session.id, session);
    post({ type: 'publish', session: session.id, app: String(session.streamApp), key: String(session.streamName), ip: String(session.ip) });
  });
  nms.on('prePlay', (session) => {
    if (!LOOPBACK.test(String(session.ip))) session.close();
  });
  port.on('message', (command: RtmpWorkerCommand) => {
    switch (command.type) {
      case 'drop':
        sessions.get(command.session)?.close();
        sessions.delete(command.session);
        break;
      case 'stop':
        void nms.stop().finally(() => process.exit(0));
        break;
    }
  });
  // A port that cannot be listened on ends the worker (node-media-server exits), so 'ready' means listening.
  nms.rtmpServer.tcpServer.once('listening', () => post({ type: 'ready' }));
  nms.rtmpServer.run();
}

if (!isMainThread && parentPort) serve(parentPort, workerData as RtmpWorkerData);
