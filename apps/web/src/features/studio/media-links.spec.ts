import { renewLinksIn } from './api/studio';
import { swapSource } from './components/track-player';

const now = Date.UTC(2026, 11, 2, 6, 0, 0);
const at = (ms: number) => ({ expires_at: new Date(now + ms).toISOString() });

describe('renewing the signed links of studio tracks', () => {
  it('asks again five minutes before the first link expires, sooner for short links, never in a loop', () => {
    expect(renewLinksIn([at(3600_000), at(1800_000)], now)).toBe(1500_000);
    expect(renewLinksIn([at(600_000)], now)).toBe(480_000);
    expect(renewLinksIn([at(1000)], now)).toBe(5000);
    expect(renewLinksIn([at(-60_000)], now)).toBe(5000);
    expect(renewLinksIn([], now)).toBe(0);
  });
});

/** An audio element as far as swapSource uses it, playing `currentTime` into `src`. */
function playingElement(src: string, currentTime: number, paused: boolean) {
  const listeners: (() => void)[] = [];
  const el = {
    src,
    currentTime,
    paused,
    ended: false,
    readyState: 0,
    getAttribute: (name: string) => (name === 'src' ? el.src || null : null),
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    play: jest.fn(() => Promise.resolve()),
  };
  return { el, loaded: () => listeners.splice(0).forEach((listener) => listener()) };
}

describe('swapSource', () => {
  it('moves a playing track to its fresh link where it was, and plays on', () => {
    const { el, loaded } = playingElement('/api/v1/studio/tracks/t/audio?expires=1&sig=a', 93.5, false);
    swapSource(el as unknown as HTMLAudioElement, '/api/v1/studio/tracks/t/audio?expires=2&sig=b');
    expect(el.src).toBe('/api/v1/studio/tracks/t/audio?expires=2&sig=b');
    el.currentTime = 0;
    loaded();
    expect(el.currentTime).toBe(93.5);
    expect(el.play).toHaveBeenCalledTimes(1);
  });

  it('keeps a paused track paused at its place, and leaves the same link alone', () => {
    const { el, loaded } = playingElement('/a?expires=1&sig=a', 12, true);
    swapSource(el as unknown as HTMLAudioElement, '/a?expires=2&sig=b');
    el.currentTime = 0;
    loaded();
    expect(el.currentTime).toBe(12);
    expect(el.play).not.toHaveBeenCalled();
    swapSource(el as unknown as HTMLAudioElement, '/a?expires=2&sig=b');
    expect(el.currentTime).toBe(12);
  });

  it('sets the first link as it is', () => {
    const { el } = playingElement('', 0, true);
    swapSource(el as unknown as HTMLAudioElement, '/a?expires=2&sig=b');
    expect(el.src).toBe('/a?expires=2&sig=b');
    expect(el.play).not.toHaveBeenCalled();
  });
});
