/**
 * Plays an ad spot on an audio element of its own, which is never connected to the Web Audio graph: the station's
 * deck, the recorder and the DJ mixer live in that graph, so none of them can ever carry a spot.
 */
export interface SpotPlayback {
  /** Settles when the spot has played to its end (true), or failed to load or play (false). */
  readonly done: Promise<boolean>;
  /** Seconds left by the element's clock, once it knows the spot's length. */
  secondsLeft(): number | undefined;
  /** Stops and lets go of the element (the page went away). */
  stop(): void;
}

export function playSpot(url: string, createElement: () => HTMLAudioElement = () => new Audio()): SpotPlayback {
  const element = createElement();
  element.preload = 'auto';
  let settle: (heard: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => (settle = resolve));
  element.addEventListener('ended', () => settle(true), { once: true });
  element.addEventListener('error', () => settle(false), { once: true });
  element.src = url;
  element.play().catch((error: unknown) => {
    console.warn('The ad spot did not play', error);
    settle(false);
  });
  return {
    done,
    secondsLeft: () => (Number.isFinite(element.duration) && element.duration > 0 ? Math.max(0, element.duration - element.currentTime) : undefined),
    stop: () => {
      element.pause();
      element.removeAttribute('src');
      element.load();
      settle(false);
    },
  };
}
