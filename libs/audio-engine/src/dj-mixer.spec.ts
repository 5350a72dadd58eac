import { type IGainNode } from 'standardized-audio-context';
import { type EngineContext } from './context';
import { DjMixer, type MixerSettings } from './dj-mixer';
import { StreamDeck } from './stream-deck';
import { FakeAudioElement } from './testing/fake-audio-element';
import { internals } from './testing/internals';
import { mockContextPerTest } from './testing/per-test-context';

type Gain = IGainNode<EngineContext>;
const flat = { low: 0, mid: 0, high: 0 };

describe('DjMixer', () => {
  const audio = mockContextPerTest();

  it('starts at the spec defaults', () => {
    const mixer = new DjMixer(audio.context);
    expect(mixer.settings).toEqual<MixerSettings>({
      volumeA: 80,
      volumeB: 80,
      gainA: 75,
      gainB: 75,
      eqA: flat,
      eqB: flat,
      crossfader: 50,
      crossfaderCurve: 'equal-power',
      master: 85,
      phones: 70,
      spatial: 50,
      cue: 'a',
    });
    expect(internals<{ masterGain: Gain }>(mixer).masterGain.gain.value).toBeCloseTo(0.85, 12);
    expect(mixer.cueOutput.gain.value).toBeCloseTo(0.7, 12);
  });

  it('wires decks → crossfader → master → spatial → output, and each deck independently', () => {
    const mixer = new DjMixer(audio.context);
    const { masterGain } = internals<{ masterGain: Gain }>(mixer);
    expect(mixer.input).toBeUndefined();
    expect(mixer.inputA).toBe(mixer.deckA.input);
    expect(mixer.inputB).toBe(mixer.deckB.input);
    expect(audio.context.isConnected(mixer.deckA.output, mixer.crossfader.a)).toBe(true);
    expect(audio.context.isConnected(mixer.deckB.output, mixer.crossfader.b)).toBe(true);
    expect(audio.context.isConnected(mixer.crossfader.output, masterGain)).toBe(true);
    expect(audio.context.isConnected(masterGain, mixer.spatial.input)).toBe(true);
    expect(mixer.output).toBe(mixer.spatial.output);
    expect(audio.context.isConnected(mixer.output, mixer.masterMeter.input)).toBe(true);
    expect(audio.context.reaches(mixer.inputA, mixer.output)).toBe(true);
    expect(audio.context.reaches(mixer.inputB, mixer.output)).toBe(true);
    expect(audio.context.reaches(mixer.deckA.input, mixer.deckB.input)).toBe(false);
    expect(mixer.deck('a')).toBe(mixer.deckA);
    expect(mixer.deck('b')).toBe(mixer.deckB);
  });

  it('plays any station on each deck, independently', async () => {
    const mixer = new DjMixer(audio.context);
    const elements = [new FakeAudioElement(), new FakeAudioElement()] as const;
    const logger = { warn: jest.fn(), error: jest.fn() };
    const [deckA, deckB] = elements.map((element) => new StreamDeck(audio.context, { element: element.asElement(), volume: 100, logger })) as [
      StreamDeck,
      StreamDeck,
    ];
    deckA.connect(mixer.inputA);
    deckB.connect(mixer.inputB);
    const [sourceA, sourceB] = audio.context.nodesOf('MediaElementSource');
    expect(audio.context.reaches(sourceA, mixer.output)).toBe(true);
    expect(audio.context.reaches(sourceB, mixer.output)).toBe(true);
    expect(audio.context.reaches(sourceA, mixer.inputB)).toBe(false);
    await deckA.switchStation({ id: 'rock', url: '/api/v1/radio/rock/stream' });
    await deckB.switchStation({ id: 'punk', url: '/api/v1/radio/punk/stream' });
    elements[0].fire('playing');
    expect([deckA.state, deckB.state]).toEqual(['playing', 'loading']);
    expect([elements[0].src, elements[1].src]).toEqual(['/api/v1/radio/rock/stream', '/api/v1/radio/punk/stream']);
    deckB.stop();
    expect([deckA.state, deckB.state]).toEqual(['playing', 'stopped']);
    for (const deck of [deckA, deckB]) deck.dispose();
  });

  it('takes the headphone cue before the faders, from the chosen deck', async () => {
    const mixer = new DjMixer(audio.context, { smoothing: 0 });
    const { cueA, cueB } = internals<{ cueA: Gain; cueB: Gain }>(mixer);
    expect(audio.context.isConnected(mixer.deckA.preFader, cueA)).toBe(true);
    expect(audio.context.isConnected(mixer.deckB.preFader, cueB)).toBe(true);
    expect(audio.context.isConnected(cueA, mixer.cueOutput)).toBe(true);
    expect(audio.context.reaches(mixer.deckA.output, mixer.cueOutput)).toBe(false);
    expect([cueA.gain.value, cueB.gain.value]).toEqual([1, 0]);
    mixer.cue = 'b';
    await audio.context.advance(0.001);
    expect([cueA.gain.value, cueB.gain.value]).toEqual([0, 1]);
    mixer.cue = 'none';
    await audio.context.advance(0.001);
    expect([cueA.gain.value, cueB.gain.value]).toEqual([0, 0]);
    expect(() => (mixer.cue = 'c' as never)).toThrow(RangeError);
  });

  it('sets any knobs at once, clamped, and reports the change', async () => {
    const mixer = new DjMixer(audio.context, { smoothing: 0 });
    const changes: MixerSettings[] = [];
    mixer.on('change', (settings) => changes.push(settings));
    mixer.set({
      volumeA: 120,
      volumeB: -5,
      gainA: 90,
      gainB: 101,
      eqA: { low: -60 },
      eqB: { high: 70, mid: 10 },
      crossfader: 150,
      crossfaderCurve: 'linear',
      master: 200,
      phones: -1,
      spatial: 75,
      cue: 'b',
    });
    expect(mixer.settings).toEqual<MixerSettings>({
      volumeA: 100,
      volumeB: 0,
      gainA: 90,
      gainB: 100,
      eqA: { low: -50, mid: 0, high: 0 },
      eqB: { low: 0, mid: 10, high: 50 },
      crossfader: 100,
      crossfaderCurve: 'linear',
      master: 100,
      phones: 0,
      spatial: 75,
      cue: 'b',
    });
    expect(changes).toHaveLength(1);
    await audio.context.advance(0.01);
    expect(internals<{ masterGain: Gain }>(mixer).masterGain.gain.value).toBe(1);
    expect(mixer.cueOutput.gain.value).toBe(0);
    mixer.master = 40;
    mixer.phones = 55;
    expect([mixer.master, mixer.phones]).toEqual([40, 55]);
    expect(changes).toHaveLength(3);
  });

  it('glides every knob over an explicit ramp, the crossfader included', async () => {
    const mixer = new DjMixer(audio.context, { crossfader: 100, crossfaderCurve: 'linear' });
    mixer.set({ crossfader: 0, master: 5 }, 1);
    await audio.context.advance(0.5);
    expect(mixer.crossfader.a.gain.value).toBeCloseTo(0.5, 6);
    expect(internals<{ masterGain: Gain }>(mixer).masterGain.gain.value).toBeCloseTo(0.45, 6);
    mixer.set({ crossfader: 100 });
    await audio.context.advance(0.01);
    expect(mixer.crossfader.a.gain.value).toBe(0);
  });

  it('lets the deck EQs stay switched in when asked', () => {
    const mixer = new DjMixer(audio.context, { eqAutoBypass: false });
    expect(mixer.deckA.eq.engaged && mixer.deckB.eq.engaged).toBe(true);
  });

  it('dispose() releases every part', () => {
    const mixer = new DjMixer(audio.context, { eqA: { low: 10 } });
    mixer.set({ eqA: { low: 0 } });
    const listener = jest.fn();
    mixer.on('change', listener);
    mixer.dispose();
    expect(audio.context.connectionCount).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    for (const part of [mixer.deckA, mixer.deckB, mixer.crossfader, mixer.spatial, mixer.masterMeter]) expect(part.disposed).toBe(true);
    expect(() => mixer.set({ master: 1 })).toThrow(/disposed/);
  });
});
