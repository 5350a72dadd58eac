import { Logger } from '@nestjs/common';
import { type OnGatewayConnection, WebSocketGateway } from '@nestjs/websockets';
import { isUUID } from 'class-validator';
import type { ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import type { Principal } from '../auth/principals.service';
import { EntitlementsService } from '../billing/entitlements.service';
import { API_PREFIX } from '../core/http/openapi';
import { LivePipelines } from './live-pipelines.service';
import { LiveSlots, type Slot } from './live-slots.service';
import { LiveService } from './live.service';

export const INGEST_PATH = `/${API_PREFIX}/stream/ingest`;
/** A recorder slice (250 ms of video) is far below this; a bigger frame closes the connection (1009). */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** What may wait for ffmpeg before the publisher counts as too fast for us (about 15 s at 2.5 Mbit/s). */
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/** What a socket gets as its close code when its connection was lost, with no close frame from either side. */
const CONNECTION_LOST = 1006;

/** Close codes the browser shows a message for (docs/live.md, "Going live from the browser"). */
export const IngestClose = {
  ended: 1000,
  tooBig: 1009,
  full: 1013,
  badRequest: 4400,
  unauthorized: 4401,
  betaOnly: 4402,
  forbidden: 4403,
  notFound: 4404,
  notReady: 4409,
  tooSlow: 4408,
  tooMany: 4429,
} as const;

/**
 * Going live from the browser: `wss://…/api/v1/stream/ingest?id=<stream>&codec=h264|vp8&token=<ticket>` (a ticket
 * from POST /realtime/ticket, or an access token). The owner's MediaRecorder sends WebM slices as binary frames; they
 * go into the stream's ffmpeg (H.264 copied, VP8 encoded, Opus → AAC). Closing the socket ends the stream; a
 * connection lost (no close frame) leaves it awaiting its publisher's return (docs/live.md, "Reconnecting"), and a
 * socket for a stream awaiting it continues the stream. The server closes the socket when the stream ends.
 */
@WebSocketGateway({ path: INGEST_PATH, maxPayload: MAX_FRAME_BYTES })
export class LiveIngestGateway implements OnGatewayConnection<WebSocket> {
  private readonly logger = new Logger('LiveIngest');

  constructor(
    private readonly live: LiveService,
    private readonly slots: LiveSlots,
    private readonly pipelines: LivePipelines,
    private readonly entitlements: EntitlementsService,
  ) {}

  handleConnection(socket: WebSocket, request: IncomingMessage, principal?: Principal): void {
    // Frames that come while the stream is being checked wait here, in order.
    const early: Buffer[] = [];
    const hold = (data: RawData, binary: boolean) => binary && early.push(toBuffer(data));
    socket.on('message', hold);
    this.admit(socket, request, principal)
      .then((admitted) => {
        socket.off('message', hold);
        if (!admitted) return;
        const { ffmpeg, slot } = admitted;
        const stdin = ffmpeg.stdin!;
        const write = (chunk: Buffer) => {
          if (stdin.destroyed) return;
          if (stdin.writableLength > MAX_BACKLOG_BYTES) return socket.close(IngestClose.tooSlow, 'The server cannot keep up with this video');
          stdin.write(chunk);
        };
        early.forEach(write);
        socket.on('message', (data: RawData, binary: boolean) => binary && write(toBuffer(data)));
        socket.on('close', (code: number) => {
          // A close frame while the video runs is the page stopping on purpose: the stream ends rather than waiting for
          // the page to come back. (Once ffmpeg has ended, the socket was closed here, as the video had stopped.)
          if (code !== CONNECTION_LOST && ffmpeg.exitCode === null && ffmpeg.signalCode === null) slot.hungUp = true;
          stdin.end();
        });
        if (socket.readyState !== socket.OPEN) stdin.end();
      })
      .catch((e: Error) => {
        this.logger.error(`Browser ingest failed: ${e.message}`);
        socket.close(1011, 'The stream could not start');
      });
  }

  /** The stream's ffmpeg (its input is the socket's) and the publisher's slot when the socket may publish; otherwise closes it with the reason. */
  private async admit(socket: WebSocket, request: IncomingMessage, principal?: Principal): Promise<{ ffmpeg: ChildProcess; slot: Slot } | undefined> {
    const query = new URLSearchParams(request.url?.split('?')[1] ?? '');
    const id = query.get('id') ?? '';
    const codec = query.get('codec');
    if (!principal || principal.isAnonymous) return void socket.close(IngestClose.unauthorized, 'Sign in to go live');
    if (!isUUID(id) || (codec !== 'h264' && codec !== 'vp8')) return void socket.close(IngestClose.badRequest, 'id must be a stream id and codec h264 or vp8');
    const stream = await this.live.find(id).catch(() => undefined);
    if (!stream) return void socket.close(IngestClose.notFound, 'No such stream');
    if (stream.userId !== principal.userId) return void socket.close(IngestClose.forbidden, 'Only the owner can publish this stream');
    if (!this.live.mayPublish(stream)) return void socket.close(IngestClose.notReady, 'This stream is already live or has ended');
    if (!(await this.entitlements.mayUse(principal.userId, 'browser-live'))) {
      return void socket.close(IngestClose.betaOnly, 'Going live from the browser is in beta: Ultra members have it first (OBS works on every plan)');
    }
    const wait = await this.live.ingestAttempt(id);
    if (wait) return void socket.close(IngestClose.tooMany, `Too many connections to publish this stream; try again in ${wait} s`);
    const transcode = codec === 'vp8';
    // Claimed before anything is awaited: of two sockets for one stream, only one gets past here.
    const slot = this.slots.claim(id, transcode);
    if (slot === 'busy') return void socket.close(IngestClose.notReady, 'This stream already receives video');
    if (typeof slot === 'string') return void socket.close(IngestClose.full, 'The server has no free live slot now; try again in a few minutes');
    if (socket.readyState !== socket.OPEN) return void this.slots.free(slot);
    const pipeline = await this.pipelines.start(slot, 'browser', { kind: 'webm', transcode });
    if (pipeline === 'busy') return void socket.close(IngestClose.notReady, 'This stream already receives video');
    if (pipeline === 'transcodes_full') return void socket.close(IngestClose.full, 'The server has no free live slot now; try again in a few minutes');
    if (pipeline === 'ended') return void socket.close(IngestClose.ended, 'The stream has ended');
    pipeline.ffmpeg.once('exit', () => socket.close(IngestClose.ended, 'The stream has ended'));
    pipeline.ffmpeg.stdin!.on('error', () => undefined);
    return { ffmpeg: pipeline.ffmpeg, slot };
  }
}

function toBuffer(data: RawData): Buffer {
  return Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}
