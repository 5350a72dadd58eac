import type { AppConfig } from '../core/config/config';
import type { LiveStreamRepository, PublisherRefusal } from '../repositories/live-stream.repository';
import type { RtmpIngest, RtmpPublish } from '../repositories/rtmp-ingest';
import type { LivePipelines } from './live-pipelines.service';
import { LiveSlots } from './live-slots.service';
import { RtmpAdmission } from './rtmp-admission.service';
import type { LiveWebRtc } from './live-webrtc.service';
import { hashStreamKey } from '../core/security/stream-keys';

const KEY = 'kq3Vd0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const config = { live: { rtmpPort: 1935, maxPublishers: 1, maxTranscodes: 1 } } as AppConfig;

/** RtmpAdmission with the database's answers by key hash, and a record of what was dropped and started. */
function setUp(answers: Record<string, { streamId: string } | { refusal: PublisherRefusal } | Error>) {
  const asked: string[] = [];
  const streams = {
    publisherAdmission: (hash: string) => {
      asked.push(hash);
      const answer = answers[hash] ?? { refusal: 'unknown_key' };
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  const dropped: string[] = [];
  const rtmp = { drop: (session: string) => void dropped.push(session) };
  const slots = new LiveSlots(config, {} as LiveStreamRepository);
  const start = jest.fn<ReturnType<LivePipelines['start']>, Parameters<LivePipelines['start']>>(() => Promise.resolve({} as never));
  const feedRtmp = jest.fn<ReturnType<LiveWebRtc['feedRtmp']>, Parameters<LiveWebRtc['feedRtmp']>>(() => Promise.resolve());
  const admission = new RtmpAdmission(config, streams as unknown as LiveStreamRepository, slots, { start } as unknown as LivePipelines, rtmp as unknown as RtmpIngest, { feedRtmp } as unknown as LiveWebRtc);
  return { admission, asked, dropped, slots, start, streams, feedRtmp };
}

const attempt = (session: string, key = KEY, app = 'live'): RtmpPublish => ({ session, app, key, ip: '203.0.113.5:50000' });

describe('RtmpAdmission', () => {
  it('asks the database by the key hash and packages the stream it answers, in a slot that drops the publisher when freed', async () => {
    const t = setUp({ [hashStreamKey(KEY)]: { streamId: 's1' } });
    await t.admission.admit(attempt('a'));
    expect(t.asked).toEqual([hashStreamKey(KEY)]);
    expect(t.start).toHaveBeenCalledWith(expect.objectContaining({ streamId: 's1', transcode: false }), 'rtmp', { kind: 'rtmp', url: `rtmp://127.0.0.1:1935/live/${KEY}` });
    expect(t.dropped).toEqual([]);
    // Its WebRTC viewers are fed from the same RTMP while the pipeline runs.
    expect(t.feedRtmp).toHaveBeenCalledWith('s1', `rtmp://127.0.0.1:1935/live/${KEY}`, {});
    t.slots.free(t.slots.of('s1')!);
    expect(t.dropped).toEqual(['a']);
  });

  it.each<[PublisherRefusal]>([['unknown_key'], ['live'], ['ended'], ['held']])('drops a publisher the database refuses (%s), starting nothing', async (refusal) => {
    const t = setUp({ [hashStreamKey(KEY)]: { refusal } });
    await t.admission.admit(attempt('a'));
    expect(t.dropped).toEqual(['a']);
    expect(t.start).not.toHaveBeenCalled();
    expect(t.slots.of('s1')).toBeUndefined();
  });

  it('drops a publisher of another app without asking', async () => {
    const t = setUp({});
    await t.admission.admit(attempt('a', KEY, 'other'));
    expect(t.asked).toEqual([]);
    expect(t.dropped).toEqual(['a']);
  });

  it('drops the second of two publishers of one stream here, and one past the free slots', async () => {
    const other = 'zz3Vd0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const t = setUp({ [hashStreamKey(KEY)]: { streamId: 's1' }, [hashStreamKey(other)]: { streamId: 's2' } });
    await Promise.all([t.admission.admit(attempt('a')), t.admission.admit(attempt('b'))]);
    expect(t.start).toHaveBeenCalledTimes(1);
    expect(t.dropped).toEqual(['b']);
    await t.admission.admit(attempt('c', other));
    expect(t.dropped).toEqual(['b', 'c']);
  });

  it('answers two encoders of one key in the order they came, so the first one node-media-server took gets the stream', async () => {
    const t = setUp({});
    const answers: ((answer: { streamId: string }) => void)[] = [];
    jest.spyOn(t.streams, 'publisherAdmission').mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const first = t.admission.admit(attempt('a'));
    const second = t.admission.admit(attempt('b'));
    await new Promise((r) => setImmediate(r));
    // The second is not asked about before the first has its answer.
    expect(answers).toHaveLength(1);
    answers[0]({ streamId: 's1' });
    await first;
    await new Promise((r) => setImmediate(r));
    answers[1]({ streamId: 's1' });
    await second;
    expect(t.start).toHaveBeenCalledWith(expect.objectContaining({ streamId: 's1' }), 'rtmp', expect.anything());
    expect(t.dropped).toEqual(['b']);
  });

  it('drops a publisher the pipeline turns away, and one whose answer failed', async () => {
    const t = setUp({ [hashStreamKey(KEY)]: { streamId: 's1' }, [hashStreamKey('x')]: new Error('database away') });
    t.start.mockResolvedValueOnce('busy');
    await t.admission.admit(attempt('a'));
    await t.admission.admit(attempt('b', 'x'));
    expect(t.dropped).toEqual(['a', 'b']);
  });
});
