import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { redactStreamKeys } from '../live/stream-keys';

/** What the RTMP server tells: a publisher with a known key is in (its key, to pull it back), or one was refused. */
export type RtmpEvent = { type: 'publish'; streamId: string; key: string; ip: string } | { type: 'refused'; ip: string; reason: string };

/** To the worker: the keys it admits (by SHA-256), and publishers to drop. */
type Command =
  | { type: 'admit'; hash: string; streamId: string }
  | { type: 'add'; keys: [hash: string, streamId: string][] }
  | { type: 'retire'; streamId: string }
  | { type: 'release'; streamId: string }
  | { type: 'stop' };

/**
 * The worker: node-media-server's RTMP server, nothing else (no HTTP, no admin, no recording, no store). A publisher is
 * admitted only when its stream name hashes to a key the API gave it and no one publishes that key already; the check
 * is synchronous because node-media-server does not wait for its listeners. Players are only ffmpeg on loopback.
 * Only the RTMP server is run, not `nms.run()`: that opens node-media-server's JSON store and its history server,
 * which writes every finished publish session to disk with its stream name, the plaintext stream key (and every wrong
 * key someone tried). A key must never reach disk (docs/live.md, "Ingest").
 * Written as plain JavaScript so it runs as it is from the sources (tests) and from the bundle.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const NodeMediaServer = require(workerData.nmsPath);
const keys = new Map();
const publishers = new Map();
const loopback = (ip) => /^(127\\.|::1:|::ffff:127\\.)/.test(ip);
const nms = new NodeMediaServer({
  bind: workerData.bind,
  rtmp: { port: workerData.port, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
  webadmin: { enable: false },
});
nms.on('prePublish', (session) => {
  const hash = createHash('sha256').update(String(session.streamName)).digest('hex');
  const streamId = session.streamApp === 'live' ? keys.get(hash) : undefined;
  const reason = !streamId ? 'unknown stream key' : publishers.has(streamId) ? 'the stream already has a publisher' : undefined;
  if (reason) {
    session.close();
    parentPort.postMessage({ type: 'refused', ip: session.ip, reason });
    return;
  }
  publishers.set(streamId, session);
  parentPort.postMessage({ type: 'publish', streamId, key: session.streamName, ip: session.ip });
});
nms.on('prePlay', (session) => {
  if (!loopback(String(session.ip))) session.close();
});
const drop = (streamId) => {
  const session = publishers.get(streamId);
  publishers.delete(streamId);
  if (session) session.close();
};
parentPort.on('message', (command) => {
  switch (command.type) {
    case 'admit': keys.set(command.hash, command.streamId); break;
    case 'add': for (const [hash, streamId] of command.keys) keys.set(hash, streamId); break;
    case 'retire': for (const [hash, streamId] of keys) if (streamId === command.streamId) keys.delete(hash); drop(command.streamId); break;
    case 'release': drop(command.streamId); break;
    case 'stop': nms.stop().finally(() => process.exit(0)); break;
  }
});
const server = nms.rtmpServer.tcpServer;
server.once('listening', () => parentPort.postMessage({ type: 'ready' }));
nms.rtmpServer.run();
`;

export interface RtmpIngestOptions {
  port: number;
  bind?: string;
}

/**
 * The RTMP ingest for OBS and other encoders (docs/live.md, "Ingest"): node-media-server in a worker thread, so its
 * exits and logging stay there. The API pushes it the hashes of the keys it should admit and drops publishers whose
 * stream ended; it reports publishers coming in.
 */
@Injectable()
export class RtmpIngest implements OnModuleDestroy {
  private readonly logger = new Logger('RtmpIngest');
  private worker?: Worker;
  private listener?: (event: RtmpEvent) => void;

  private options?: RtmpIngestOptions;
  private loadKeys?: () => Promise<[hash: string, streamId: string][]>;
  private stopping = false;

  /**
   * Starts the server; rejects when it cannot listen (the port is taken). Should its worker die later (hostile input
   * reaching a bug in node-media-server), it starts again a second later with the keys read anew.
   */
  async start(options: RtmpIngestOptions, loadKeys: () => Promise<[hash: string, streamId: string][]>, listener: (event: RtmpEvent) => void): Promise<void> {
    this.options = options;
    this.loadKeys = loadKeys;
    this.listener = listener;
    await this.spawn();
  }

  private async spawn(): Promise<void> {
    const options = this.options!;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      stdout: true,
      stderr: true,
      workerData: { nmsPath: createRequire(__filename).resolve('node-media-server'), bind: options.bind ?? '0.0.0.0', port: options.port },
    });
    const output: string[] = [];
    // node-media-server logs every session at debug level to its console; kept for a failed start, then dropped.
    worker.stdout.on('data', (chunk: Buffer) => output.length < 200 && output.push(chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => this.logger.warn(redactStreamKeys(chunk.toString().trim())));
    await new Promise<void>((resolve, reject) => {
      const failed = (why: string) => reject(new Error(`RTMP ingest could not start on port ${options.port}: ${why}${output.length ? `\n${redactStreamKeys(output.join('').trim())}` : ''}`));
      worker.once('error', (e) => failed(e.message));
      worker.once('exit', (code) => failed(`its worker ended (${code})`));
      // A port that cannot be listened on ends the worker (node-media-server exits), so 'ready' means listening.
      worker.on('message', (message: { type: string }) => message.type === 'ready' && resolve());
    });
    worker.removeAllListeners('exit').removeAllListeners('error');
    worker.stdout.removeAllListeners('data').on('data', () => undefined);
    worker.on('message', (message: RtmpEvent | { type: 'ready' }) => message.type !== 'ready' && this.listener?.(message));
    worker.on('error', (e) => this.logger.error(`RTMP worker failed: ${redactStreamKeys(e.message)}`));
    worker.once('exit', (code) => {
      if (this.stopping || this.worker !== worker) return;
      this.worker = undefined;
      this.logger.error(`RTMP worker ended (${code}); starting it again`);
      setTimeout(() => void this.restart(), 1000).unref();
    });
    // Set first, so that a key admitted while the keys are read reaches the new worker; the read adds to it.
    this.worker = worker;
    this.send({ type: 'add', keys: await this.loadKeys!() });
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    await this.spawn().catch((e: Error) => {
      this.logger.error(`${e.message}; trying again in 5 s`);
      setTimeout(() => void this.restart(), 5000).unref();
    });
  }

  get running(): boolean {
    return this.worker !== undefined;
  }

  /**
   * Reads the keys again and adds those the worker lacks (a `key_added` the bus lost). Nothing is taken away, so a
   * read racing `key_added` cannot drop a new key; an ended key a read racing `retired` brings back is refused (and
   * dropped) by the API's check of the stream in the database when it publishes.
   */
  async refreshKeys(): Promise<void> {
    if (!this.worker || !this.loadKeys) return;
    this.send({ type: 'add', keys: await this.loadKeys() });
  }

  admit(hash: string, streamId: string): void {
    this.send({ type: 'admit', hash, streamId });
  }

  /** The stream ended: its key is refused from now on and its publisher, if any, dropped. */
  retire(streamId: string): void {
    this.send({ type: 'retire', streamId });
  }

  /** Drops the stream's publisher; the key stays valid (the stream never went live, it may publish again). */
  release(streamId: string): void {
    this.send({ type: 'release', streamId });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ type: 'stop' } satisfies Command);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    await worker.terminate();
  }

  private send(command: Command): void {
    this.worker?.postMessage(command);
  }
}
