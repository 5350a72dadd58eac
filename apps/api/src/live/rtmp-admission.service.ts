import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { LiveStreamRepository, type PublisherRefusal } from '../repositories/live-stream.repository';
import { type RtmpPublish, RtmpIngest } from '../repositories/rtmp-ingest';
import { LivePipelines } from './live-pipelines.service';
import { LiveSlots } from './live-slots.service';
import { LiveWebRtc } from './live-webrtc.service';
import { hashStreamKey } from '../core/security/stream-keys';

/** What the log says of a refused RTMP publisher. */
const REFUSALS: Record<PublisherRefusal | 'busy' | 'full' | 'transcodes_full' | 'app', string> = {
  app: 'not the live app',
  unknown_key: 'unknown stream key',
  live: 'its stream is live already (with its publisher)',
  ended: 'its stream has ended',
  held: 'the stream already has a publisher',
  busy: 'the stream already has a publisher',
  full: 'no free live slot here',
  transcodes_full: 'no free live slot here',
};

/**
 * Who may publish over RTMP (docs/live.md, "Ingest"), decided per attempt: the RTMP worker reports each encoder
 * asking to publish, the database answers by the key's SHA-256 (the stream, or why not), this process takes a slot
 * and holds the stream (LiveSlots), and LivePipelines packages it. A refused publisher is dropped. Nothing about keys
 * is kept in this process or its worker, so nothing has to be kept in step with the database.
 */
@Injectable()
export class RtmpAdmission implements OnApplicationBootstrap {
  private readonly logger = new Logger('RtmpAdmission');
  /** The answer last asked for each key hash, while it is awaited. */
  private readonly answering = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly streams: LiveStreamRepository,
    private readonly slots: LiveSlots,
    private readonly pipelines: LivePipelines,
    private readonly rtmp: RtmpIngest,
    private readonly webrtc: LiveWebRtc,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.live.rtmpPort) return;
    await this.rtmp.start({ port: this.config.live.rtmpPort }, (publish) => void this.admit(publish));
  }

  /** One encoder's attempt to publish: packaged, or dropped with the reason logged. */
  async admit(publish: RtmpPublish): Promise<void> {
    const refuse = (why: keyof typeof REFUSALS) => {
      this.logger.log(`RTMP publisher ${publish.ip} refused: ${REFUSALS[why]}`);
      this.rtmp.drop(publish.session);
    };
    if (publish.app !== 'live') return refuse('app');
    try {
      const answer = await this.answer(hashStreamKey(publish.key));
      if ('refusal' in answer) return refuse(answer.refusal);
      // Claimed in the same turn as the answer came: of two publishers of one stream here, one gets past.
      const slot = this.slots.claim(answer.streamId, false);
      if (typeof slot === 'string') return refuse(slot);
      slot.publisher = { drop: () => this.rtmp.drop(publish.session) };
      const url = `rtmp://127.0.0.1:${this.config.live.rtmpPort}/live/${publish.key}`;
      const started = await this.pipelines.start(slot, 'rtmp', { kind: 'rtmp', url });
      if (typeof started === 'string') return refuse(started === 'busy' ? 'held' : started);
      // Its WebRTC viewers get it through the engine, transcoded to Opus; HLS goes on without it should that fail.
      await this.webrtc.feedRtmp(answer.streamId, url, started).catch((e: Error) => this.logger.warn(`The WebRTC feed of ${answer.streamId} could not start: ${e.message}`));
    } catch (e) {
      this.logger.error(`RTMP publisher ${publish.ip} could not start: ${(e as Error).message}`);
      this.rtmp.drop(publish.session);
    }
  }

  /**
   * The database's answer for a key, asked once every earlier attempt with that key has had its own (and claimed with
   * it): of two encoders publishing one key at once, the one node-media-server took first is answered first.
   */
  private async answer(hash: string): ReturnType<LiveStreamRepository['publisherAdmission']> {
    const answer = (this.answering.get(hash) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.streams.publisherAdmission(hash, this.config.live.reconnectSeconds));
    this.answering.set(hash, answer);
    try {
      return await answer;
    } finally {
      if (this.answering.get(hash) === answer) this.answering.delete(hash);
    }
  }
}
