import { type PresetId } from './presets';
import { RadioPlayer, type RadioPlayerOptions } from './radio-player';
import { type Recording } from './recorder';
import { FakeAudioElement } from './testing/fake-audio-element';
import { FakeMediaRecorder } from './testing/fake-media-recorder';
import { MockContext } from './testing/mock-context';

const rock = { id: 'rock-fm', url: '/api/v1/radio/rock-fm/stream', name: 'Rock FM' };

describe('RadioPlayer', () => {
  let context: MockContext;
  let element: FakeAudioElement;
  let recorders: FakeMediaRecorder[];
  const logger = { warn: jest.fn(), error: jest.fn() };

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date(2025, 0, 10, 22, 30) });
    context = new MockContext();
    element = new FakeAudioElement();
    recorders = [];
  });
  afterEach(() => {
    context.reset();
    jest.useRealTimers();
  });

  const makePlayer = (options: Partial<RadioPlayerOptions> = {}): RadioPlayer =>
    new RadioPlayer(context, {
      deck: { element: element.asElement() },
      recorder: {
        createMediaRecorder: (stream, { mimeType }) => {
          const recorder = new FakeMediaRecorder(stream, mimeType ?? '');
          recorders.push(recorder);
          return recorder;
        },
        isTypeSupported: () => true,
      },
      logger,
      ...options,
    });
  const startPlaying = async (player: RadioPlayer): Promise<void> => {
    await player.deck.switchStation(rock);
    element.fire('playing');
  };

  it('chains deck → EQ → sleep fade → alarm fade → output, recording what leaves the output', () => {
    const player = makePlayer();
    expect(context.isConnected(player.deck.output, player.eq.input)).toBe(true);
    expect(context.isConnected(player.eq.output, player.sleepTimer.input)).toBe(true);
    expect(context.isConnected(player.sleepTimer.output, player.alarm.input)).toBe(true);
    expect(context.isConnected(player.alarm.output, player.output)).toBe(true);
    expect(context.isConnected(player.output, player.recorder.input)).toBe(true);
    player.toDestination();
    expect(context.reaches(player.deck.output, context.destination)).toBe(true);
  });

  it('applies a preset over a glide and clears it back to the previous settings', async () => {
    const player = makePlayer({ presetRampSeconds: 1 });
    const presets: Array<PresetId | null> = [];
    player.on('presetchange', ({ preset }) => presets.push(preset));
    expect(player.toneSettings).toEqual({ volume: 70, bass: 50, treble: 50 });
    player.applyPreset('running');
    expect(player.preset).toBe('running');
    expect(player.toneSettings).toEqual({ volume: 85, bass: 75, treble: 50 });
    expect(player.eq.settings).toEqual({ low: 25, mid: 0, high: 0 });
    await context.advance(0.5);
    expect(player.deck.output.gain.value).toBeCloseTo(0.775, 6);
    await context.advance(0.6);
    expect(player.deck.output.gain.value).toBeCloseTo(0.85, 6);
    player.applyPreset('yoga');
    expect(player.toneSettings).toEqual({ volume: 60, bass: 20, treble: 30 });
    await context.advance(1.1);
    expect(player.deck.output.gain.value).toBeCloseTo(0.6, 6);
    player.clearPreset();
    expect(player.preset).toBeNull();
    expect(player.toneSettings).toEqual({ volume: 70, bass: 50, treble: 50 });
    await context.advance(0.5);
    expect(player.deck.output.gain.value).toBeCloseTo(0.65, 6);
    await context.advance(0.6);
    expect(player.deck.output.gain.value).toBeCloseTo(0.7, 6);
    player.clearPreset();
    expect(presets).toEqual(['running', 'yoga', null]);
    expect(() => player.applyPreset('metal' as never)).toThrow(RangeError);
  });

  it('keeps the user settings from before the first preset, whatever was tweaked before', async () => {
    const player = makePlayer();
    player.deck.volume = 40;
    player.eq.set({ low: -10, high: 5 });
    player.applyPreset('energyBoost');
    player.applyPreset('focus');
    player.clearPreset();
    expect(player.toneSettings).toEqual({ volume: 40, bass: 40, treble: 55 });
  });

  it('pauses the radio when the sleep timer runs out', async () => {
    const player = makePlayer();
    await startPlaying(player);
    player.sleepTimer.start(15);
    jest.advanceTimersByTime(15 * 60_000);
    expect(player.deck.state).toBe('stopped');
    expect(player.sleepTimer.active).toBe(false);
  });

  it('switches to the alarm station when the alarm goes off', async () => {
    const player = makePlayer();
    player.alarm.arm(rock, '22:31');
    jest.advanceTimersByTime(60_000);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(player.deck.source).toBe(rock);
    expect(player.deck.state).toBe('loading');
  });

  it('records only while playing and finishes the recording when playback stops', async () => {
    const player = makePlayer();
    expect(player.recorder.start('Rock FM')).toBe(false);
    await startPlaying(player);
    expect(player.recorder.start('Rock FM')).toBe(true);
    const done = new Promise<Recording>((resolve) => player.recorder.on('complete', ({ recording }) => resolve(recording)));
    (recorders[0] as FakeMediaRecorder).emitChunk('chunk');
    player.deck.pause();
    const recording = await done;
    expect(recording.entry.fileName).toBe('Rock_FM-2025-01-10_22-30-00.webm');
    expect(recording.entry.isRecording).toBe(false);
  });

  it('dispose() releases every part: nodes, listeners and timers', async () => {
    const player = makePlayer();
    await startPlaying(player);
    player.sleepTimer.start(30);
    player.alarm.arm(rock);
    player.recorder.start('Rock FM');
    player.applyPreset('cardio');
    player.dispose();
    expect(context.connectionCount).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    expect(element.listenerCount).toBe(0);
    for (const part of [player.deck, player.eq, player.sleepTimer, player.alarm, player.recorder]) expect(part.disposed).toBe(true);
  });
});
