/** The product's event carousel autoplay interval. */
export const autoplayIntervalMs = 4000;

export interface Autoplay {
  /** Whether autoplay applies at all (mobile width, no reduced motion, more than one slide). */
  setEnabled(enabled: boolean): void;
  /** A hidden tab pauses it; showing the tab again resumes it with a full interval. */
  setHidden(hidden: boolean): void;
  /** The user interacted: autoplay stops for good. */
  stop(): void;
  readonly running: boolean;
}

export interface AutoplayOptions {
  intervalMs?: number;
  /** Called whenever `running` changes. */
  onChange?: (running: boolean) => void;
}

/**
 * The carousel's autoplay timer: advances every `intervalMs` while enabled, visible and not stopped. Knows nothing
 * of the DOM, so the rules are tested with fake timers alone.
 */
export function createAutoplay(advance: () => void, { intervalMs = autoplayIntervalMs, onChange }: AutoplayOptions = {}): Autoplay {
  let enabled = false;
  let hidden = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  function sync() {
    const run = enabled && !hidden && !stopped;
    if (run === (timer !== null)) return;
    if (run) {
      timer = setInterval(advance, intervalMs);
    } else {
      clearInterval(timer as ReturnType<typeof setInterval>);
      timer = null;
    }
    onChange?.(run);
  }

  return {
    setEnabled(value) {
      enabled = value;
      sync();
    },
    setHidden(value) {
      hidden = value;
      sync();
    },
    stop() {
      stopped = true;
      sync();
    },
    get running() {
      return timer !== null;
    },
  };
}
