import { DeckChannel } from './deck-channel';
import { mockContextPerTest } from './testing/per-test-context';

describe('DeckChannel', () => {
  const audio = mockContextPerTest();

  it('runs input → trim → EQ → fader → output, with meter and cue taken before the fader', () => {
    const deck = new DeckChannel(audio.context);
    expect(audio.context.isConnected(deck.input, deck.eq.input)).toBe(true);
    expect(audio.context.isConnected(deck.eq.output, deck.output)).toBe(true);
    expect(audio.context.isConnected(deck.eq.output, deck.meter.input)).toBe(true);
    expect(deck.preFader).toBe(deck.eq.output);
    expect(audio.context.reaches(deck.input, deck.output)).toBe(true);
    expect(audio.context.reaches(deck.output, deck.preFader)).toBe(false);
  });

  it('starts at the spec defaults: gain 75 (unity), volume 80 (0.8)', () => {
    const deck = new DeckChannel(audio.context);
    expect(deck.gain).toBe(75);
    expect(deck.volume).toBe(80);
    expect(deck.input.gain.value).toBe(1);
    expect(deck.output.gain.value).toBeCloseTo(0.8, 12);
  });

  it('ramps knob moves and clamps them to 0–100', async () => {
    const deck = new DeckChannel(audio.context, { smoothing: 0.02 });
    deck.volume = 130;
    deck.gain = -4;
    expect(deck.volume).toBe(100);
    expect(deck.gain).toBe(0);
    await audio.context.advance(0.01);
    expect(deck.output.gain.value).toBeCloseTo(0.9, 6);
    await audio.context.advance(0.05);
    expect(deck.output.gain.value).toBe(1);
    expect(deck.input.gain.value).toBe(0);
    deck.setVolume(50, 0);
    await audio.context.advance(0.001);
    expect(deck.output.gain.value).toBe(0.5);
  });

  it('passes EQ options through', () => {
    const deck = new DeckChannel(audio.context, { eq: { low: -50, high: 10 } });
    expect(deck.eq.settings).toEqual({ low: -50, mid: 0, high: 10 });
    expect(deck.eq.engaged).toBe(true);
  });

  it('dispose() releases its EQ and meter too', () => {
    const deck = new DeckChannel(audio.context, { eq: { low: 20 } });
    deck.eq.low = 0;
    deck.dispose();
    expect(audio.context.connectionCount).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    expect(deck.eq.disposed && deck.meter.disposed).toBe(true);
  });
});
