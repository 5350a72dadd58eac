import { type Recording, type RecordingChunk, Recorder, type RecorderOptions } from './recorder';
import { FakeMediaRecorder } from './testing/fake-media-recorder';
import { MockContext } from './testing/mock-context';

describe('Recorder', () => {
  let context: MockContext;
  let recorders: FakeMediaRecorder[];
  let logger: { warn: jest.Mock; error: jest.Mock };
  let playing: boolean;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date(2025, 6, 30, 21, 5, 9) });
    context = new MockContext();
    recorders = [];
    logger = { warn: jest.fn(), error: jest.fn() };
    playing = true;
  });
  afterEach(() => {
    context.reset();
    jest.useRealTimers();
  });

  const makeRecorder = (options: Partial<RecorderOptions> = {}): Recorder =>
    new Recorder(context, {
      isPlaying: () => playing,
      createMediaRecorder: (stream, { mimeType }) => {
        const recorder = new FakeMediaRecorder(stream, mimeType ?? '');
        recorders.push(recorder);
        return recorder;
      },
      isTypeSupported: () => true,
      createId: () => 'rec-1',
      logger,
      ...options,
    });

  it('is a sink on a MediaStream destination', () => {
    const recorder = makeRecorder();
    expect(recorder.input).toBe(context.nodesOf('MediaStreamDestination')[0]);
    expect(recorder.output).toBeUndefined();
  });

  it('starts only while playing', () => {
    playing = false;
    const recorder = makeRecorder();
    expect(recorder.start('Rock FM')).toBe(false);
    expect(recorder.recording).toBe(false);
    expect(recorders).toHaveLength(0);
    expect(logger.warn).toHaveBeenCalledWith('Recording starts only while playing');
  });

  it('records webm/opus in 1 s chunks from the destination stream', () => {
    const recorder = makeRecorder();
    expect(recorder.start('Rock FM')).toBe(true);
    const [media] = recorders as [FakeMediaRecorder];
    expect(media.stream).toBe(recorder.input.stream);
    expect(media.mimeType).toBe('audio/webm;codecs=opus');
    expect(media.timeslice).toBe(1000);
    expect(recorder.entry).toEqual({
      id: 'rec-1',
      stationName: 'Rock FM',
      startTime: new Date(2025, 6, 30, 21, 5, 9).getTime(),
      duration: 0,
      fileName: 'Rock_FM-2025-07-30_21-05-09.webm',
      isRecording: true,
    });
    expect(recorder.start('Rock FM')).toBe(false);
  });

  it('hands each chunk to the storage callback as it arrives', () => {
    const stored: RecordingChunk[] = [];
    const recorder = makeRecorder({ onChunk: (chunk) => void stored.push(chunk) });
    recorder.start('Rock FM');
    const [media] = recorders as [FakeMediaRecorder];
    media.emitChunk('one');
    media.emitChunk('');
    media.emitChunk('two');
    expect(stored.map((chunk) => [chunk.index, chunk.data.size, chunk.recordingId, chunk.stationName])).toEqual([
      [0, 3, 'rec-1', 'Rock FM'],
      [1, 3, 'rec-1', 'Rock FM'],
    ]);
  });

  it('logs a storage callback that fails, and keeps recording', async () => {
    const recorder = makeRecorder({
      onChunk: async () => {
        throw new Error('quota exceeded');
      },
    });
    recorder.start('Rock FM');
    (recorders[0] as FakeMediaRecorder).emitChunk('x');
    await Promise.resolve();
    await Promise.resolve();
    expect(logger.error).toHaveBeenCalledWith('Storing a recording chunk failed', new Error('quota exceeded'));
    expect(recorder.recording).toBe(true);
  });

  it('stopping yields the whole file named after the station and the start time', async () => {
    const recorder = makeRecorder();
    const completed: Recording[] = [];
    recorder.on('complete', ({ recording }) => completed.push(recording));
    recorder.start('Radio Nowy Świat');
    const [media] = recorders as [FakeMediaRecorder];
    media.emitChunk('aaaa');
    jest.advanceTimersByTime(2500);
    expect(recorder.entry?.duration).toBe(2.5);
    const recording = await recorder.stop();
    expect(recording?.entry).toEqual({
      id: 'rec-1',
      stationName: 'Radio Nowy Świat',
      startTime: new Date(2025, 6, 30, 21, 5, 9).getTime(),
      duration: 2.5,
      fileName: 'Radio_Nowy_Świat-2025-07-30_21-05-09.webm',
      isRecording: false,
    });
    expect(recording?.blob.size).toBe('aaaa'.length + 'final'.length);
    expect(recording?.blob.type).toBe('audio/webm;codecs=opus');
    expect(completed).toEqual([recording]);
    expect(recorder.recording).toBe(false);
    expect(media.listenerCount).toBe(0);
    await expect(recorder.stop()).resolves.toBeNull();
  });

  it('logs and reports when the browser cannot record webm/opus', () => {
    const recorder = makeRecorder({ isTypeSupported: () => false });
    const errors = jest.fn();
    recorder.on('error', errors);
    expect(recorder.start('Rock FM')).toBe(false);
    expect(logger.error).toHaveBeenCalledWith('Recording could not start', expect.any(Error));
    expect(errors).toHaveBeenCalled();
  });

  it('finishes with what it has when the MediaRecorder fails', async () => {
    const recorder = makeRecorder();
    const done = new Promise<Recording>((resolve) => recorder.on('complete', ({ recording }) => resolve(recording)));
    recorder.start('Rock FM');
    const [media] = recorders as [FakeMediaRecorder];
    media.emitChunk('abc');
    media.dispatchEvent(new Event('error'));
    await expect(done).resolves.toMatchObject({ entry: { isRecording: false } });
    expect(logger.error).toHaveBeenCalledWith('Recording failed', expect.anything());
  });

  it('dispose() stops a running recording and disconnects its node', () => {
    const recorder = makeRecorder();
    const complete = jest.fn();
    recorder.on('complete', complete);
    recorder.start('Rock FM');
    const [media] = recorders as [FakeMediaRecorder];
    recorder.dispose();
    expect(media.stopCalls).toBe(1);
    expect(complete).toHaveBeenCalled();
    expect(media.listenerCount).toBe(0);
    expect(context.connectionCount).toBe(0);
  });
});
