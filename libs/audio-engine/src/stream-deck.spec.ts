import { type DeckState, StreamDeck, type StreamDeckOptions } from './stream-deck';
import { FakeAudioElement } from './testing/fake-audio-element';
import { MockContext } from './testing/mock-context';

const rock = { id: 'rock-fm', url: '/api/v1/radio/rock-fm/stream', name: 'Rock FM' };
const punk = { id: 'punk-24', url: '/api/v1/radio/punk-24/stream', name: 'Punk 24' };

describe('StreamDeck', () => {
  let context: MockContext;
  let element: FakeAudioElement;
  let logger: { warn: jest.Mock; error: jest.Mock };
  let states: DeckState[];

  beforeEach(() => {
    jest.useFakeTimers();
    context = new MockContext();
    element = new FakeAudioElement();
    logger = { warn: jest.fn(), error: jest.fn() };
    states = [];
  });
  afterEach(() => {
    context.reset();
    jest.useRealTimers();
  });

  const makeDeck = (options: Partial<StreamDeckOptions> = {}): StreamDeck => {
    const deck = new StreamDeck(context, { element: element.asElement(), logger, ...options });
    deck.on('statechange', ({ state }) => states.push(state));
    return deck;
  };
  /** Lets the element's play() promise settle. */
  const flush = async (): Promise<void> => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const playing = async (deck: StreamDeck, source = rock): Promise<void> => {
    await deck.switchStation(source);
    element.fire('playing');
    expect(deck.state).toBe('playing');
  };

  it('routes the element through a MediaElementAudioSourceNode into a volume gain', () => {
    const deck = makeDeck();
    const [sourceNode] = context.nodesOf('MediaElementSource') as unknown as [{ mediaElement: unknown }];
    expect(sourceNode.mediaElement).toBe(element);
    expect(context.isConnected(sourceNode, deck.output)).toBe(true);
    expect(deck.input).toBeUndefined();
    expect(element.preload).toBe('none');
    expect(element.crossOrigin).toBe('anonymous');
    expect(deck.volume).toBe(70);
    expect(deck.output.gain.value).toBeCloseTo(0.7, 12);
    expect(deck.state).toBe('stopped');
  });

  it('goes stopped → loading → playing on play, and back to stopped on pause', async () => {
    const deck = makeDeck({ source: rock });
    const started = deck.play();
    expect(deck.state).toBe('loading');
    expect(deck.loading).toBe(true);
    expect(element.src).toBe(rock.url);
    await started;
    expect(element.playCalls).toBe(1);
    element.fire('playing');
    expect(deck.playing).toBe(true);
    expect(deck.loading).toBe(false);
    deck.pause();
    expect(deck.state).toBe('stopped');
    expect(element.paused).toBe(true);
    expect(element.hasAttribute('src')).toBe(false);
    expect(element.loadCalls).toBe(1);
    expect(states).toEqual(['loading', 'playing', 'stopped']);
  });

  it('needs a station before it can play', () => {
    const deck = makeDeck();
    expect(() => deck.play()).toThrow(/No station/);
    expect(() => deck.switchStation({ id: 'x', url: '' })).toThrow(TypeError);
  });

  it('resumes a suspended audio context when asked to play', async () => {
    const deck = makeDeck({ source: rock });
    expect(context.state).toBe('suspended');
    await deck.play();
    expect(context.state).toBe('running');
  });

  it('switching station stops playback and loads the new stream', async () => {
    const deck = makeDeck();
    await playing(deck);
    const events: string[] = [];
    deck.on('stationchange', ({ source }) => events.push(`station:${source.id}`));
    const switching = deck.switchStation(punk);
    expect(states.slice(-2)).toEqual(['stopped', 'loading']);
    expect(deck.source).toBe(punk);
    expect(element.srcHistory).toEqual([rock.url, punk.url]);
    await switching;
    expect(events).toEqual(['station:punk-24']);
  });

  it('can load a station without playing it', async () => {
    const deck = makeDeck();
    await deck.switchStation(rock, { autoplay: false });
    expect(deck.state).toBe('stopped');
    expect(deck.source).toBe(rock);
    expect(element.playCalls).toBe(0);
  });

  it('logs a failure to start and clears loading and playing (error state)', async () => {
    const deck = makeDeck();
    const errors = jest.fn();
    deck.on('error', errors);
    await deck.switchStation(rock);
    element.fail(4, 'MEDIA_ELEMENT_ERROR: Format error');
    expect(deck.state).toBe('error');
    expect(deck.loading).toBe(false);
    expect(deck.playing).toBe(false);
    expect(logger.error).toHaveBeenCalledWith('Stream rock-fm failed', expect.any(Error));
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(deck.error)).toContain('Media error 4');
    expect(element.hasAttribute('src')).toBe(false);
    await deck.play();
    expect(deck.state).toBe('loading');
  });

  it('treats a refused play() (autoplay policy) as an error, and an aborted one as nothing', async () => {
    const deck = makeDeck({ source: rock });
    element.nextPlayError = Object.assign(new Error('play() failed because the user did not interact'), { name: 'NotAllowedError' });
    await deck.play();
    expect(deck.state).toBe('error');
    deck.stop();
    element.nextPlayError = Object.assign(new Error('interrupted by a new load request'), { name: 'AbortError' });
    await deck.play();
    await flush();
    expect(deck.state).toBe('loading');
  });

  it('gives up on a stream that never starts', async () => {
    const deck = makeDeck({ source: rock, loadTimeoutMs: 15_000 });
    await deck.play();
    jest.advanceTimersByTime(14_999);
    expect(deck.state).toBe('loading');
    jest.advanceTimersByTime(1);
    expect(deck.state).toBe('error');
  });

  it('reconnects a dropped stream with backoff 0.5, 1, 2, 2 s and resumes playing', async () => {
    const deck = makeDeck();
    const attempts: Array<[number, number]> = [];
    deck.on('reconnect', ({ attempt, delayMs }) => attempts.push([attempt, delayMs]));
    await playing(deck);
    element.fail(2, 'network');
    expect(deck.state).toBe('reconnecting');
    expect(deck.loading).toBe(true);
    expect(element.hasAttribute('src')).toBe(false);
    const loads = (): number => element.srcHistory.length;
    expect(loads()).toBe(1);
    jest.advanceTimersByTime(499);
    expect(loads()).toBe(1);
    jest.advanceTimersByTime(1);
    expect(loads()).toBe(2);
    element.fail(2);
    jest.advanceTimersByTime(999);
    expect(loads()).toBe(2);
    jest.advanceTimersByTime(1);
    expect(loads()).toBe(3);
    element.fail(2);
    jest.advanceTimersByTime(2000);
    expect(loads()).toBe(4);
    element.fail(2);
    jest.advanceTimersByTime(2000);
    expect(loads()).toBe(5);
    expect(attempts).toEqual([
      [1, 500],
      [2, 1000],
      [3, 2000],
      [4, 2000],
    ]);
    element.fire('playing');
    expect(deck.state).toBe('playing');
    expect(states).toEqual(['loading', 'playing', 'reconnecting', 'playing']);
    expect(logger.warn).toHaveBeenCalledWith('Stream rock-fm dropped, reconnecting', expect.any(Error));
    // The next drop starts the backoff from the beginning again.
    element.fire('ended');
    jest.advanceTimersByTime(500);
    expect(loads()).toBe(6);
  });

  it('treats a retry that does not start as failed too', async () => {
    const deck = makeDeck({ stallTimeoutMs: 4000 });
    await playing(deck);
    element.fail(2);
    jest.advanceTimersByTime(500);
    expect(element.srcHistory).toHaveLength(2);
    jest.advanceTimersByTime(4000 + 999);
    expect(element.srcHistory).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(element.srcHistory).toHaveLength(3);
    expect(deck.state).toBe('reconnecting');
  });

  it('reconnects when playback stalls, unless it moves again in time', async () => {
    const deck = makeDeck({ stallTimeoutMs: 4000 });
    await playing(deck);
    element.fire('waiting');
    jest.advanceTimersByTime(3000);
    element.fire('timeupdate');
    jest.advanceTimersByTime(5000);
    expect(deck.state).toBe('playing');
    element.fire('stalled');
    jest.advanceTimersByTime(3999);
    expect(deck.state).toBe('playing');
    jest.advanceTimersByTime(1);
    expect(deck.state).toBe('reconnecting');
  });

  it('goes offline 30 s after the drop when no retry succeeds', async () => {
    const deck = makeDeck();
    await playing(deck);
    element.fail(2);
    for (let t = 0; t < 29_000; t += 250) {
      jest.advanceTimersByTime(250);
      if (element.hasAttribute('src')) element.fail(2);
    }
    expect(deck.state).toBe('reconnecting');
    jest.advanceTimersByTime(1000);
    expect(deck.state).toBe('offline');
    expect(deck.loading).toBe(false);
    expect(element.hasAttribute('src')).toBe(false);
    expect(logger.warn).toHaveBeenLastCalledWith('Stream rock-fm is offline: no answer for 30000 ms');
    expect(jest.getTimerCount()).toBe(0);
    await deck.play();
    expect(deck.state).toBe('loading');
  });

  it('ignores media events that do not concern the state it is in', async () => {
    const deck = makeDeck();
    element.fire('playing');
    element.fail(2);
    element.fire('ended');
    expect(deck.state).toBe('stopped');
    await playing(deck);
    element.fail(1);
    expect(deck.state).toBe('playing');
  });

  it('sets the volume as an integer 0–100 through a short ramp, and mutes', async () => {
    const deck = makeDeck({ smoothing: 0.05 });
    const changes: Array<[number, boolean]> = [];
    deck.on('volumechange', ({ volume, muted }) => changes.push([volume, muted]));
    deck.volume = 50.4;
    expect(deck.volume).toBe(50);
    await context.advance(0.025);
    expect(deck.output.gain.value).toBeCloseTo(0.6, 6);
    await context.advance(0.05);
    expect(deck.output.gain.value).toBeCloseTo(0.5, 6);
    deck.muted = true;
    await context.advance(0.1);
    expect(deck.output.gain.value).toBe(0);
    deck.volume = 300;
    expect(deck.volume).toBe(100);
    await context.advance(0.1);
    expect(deck.output.gain.value).toBe(0);
    deck.muted = false;
    await context.advance(0.1);
    expect(deck.output.gain.value).toBe(1);
    expect(changes).toEqual([
      [50, false],
      [50, true],
      [100, true],
      [100, false],
    ]);
  });

  it('starts muted or at another volume when asked', () => {
    const deck = makeDeck({ volume: 30, muted: true });
    expect(deck.output.gain.value).toBe(0);
    expect(deck.volume).toBe(30);
  });

  it('dispose() removes its listeners, timers and nodes and releases the element', async () => {
    const deck = makeDeck();
    await playing(deck);
    element.fail(2);
    expect(element.listenerCount).toBeGreaterThan(0);
    deck.dispose();
    expect(element.listenerCount).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    expect(context.connectionCount).toBe(0);
    expect(element.paused).toBe(true);
    expect(element.hasAttribute('src')).toBe(false);
    expect(() => deck.play()).toThrow(/disposed/);
  });

  it('makes its own element when none is given', () => {
    const created = new FakeAudioElement();
    const deck = new StreamDeck(context, { createElement: () => created.asElement(), logger });
    expect(deck.element).toBe(created);
  });
});
