// The product's constants the engine applies (volumes, timer lengths, reconnect delays).

/** Player volume when nothing else is chosen ("Volume default 70"). */
export const DEFAULT_VOLUME = 70;

/** Defaults of the DJ mixer's knobs. */
export const MIXER_DEFAULTS = {
  volumeA: 80,
  volumeB: 80,
  gain: 75,
  crossfader: 50,
  master: 85,
  phones: 70,
  spatial: 50,
} as const;

/** The sleep timer's choices, in minutes. */
export const SLEEP_TIMER_MINUTES = [15, 30, 60, 120] as const;
export type SleepTimerMinutes = (typeof SLEEP_TIMER_MINUTES)[number];

/** MediaRecorder time slice: one chunk per second. */
export const RECORDING_CHUNK_MS = 1000;
/** What the recorder asks MediaRecorder for: webm audio with the opus codec. */
export const RECORDING_MIME_TYPE = 'audio/webm;codecs=opus';
export const RECORDING_EXTENSION = '.webm';

/** The alarm's default wake-up time ("Auto Budzik": 07:00). */
export const DEFAULT_ALARM_TIME = '07:00';

/** Reconnection of a dropped or stalled stream: delays double from 0.5 s up to 2 s; offline after 30 s. */
export const RECONNECT_DEFAULTS = { initialDelayMs: 500, maxDelayMs: 2000, offlineAfterMs: 30_000 } as const;

/** The 3-band EQ's crossover frequencies. */
export const EQ_CROSSOVERS = { lowHz: 250, highHz: 4000 } as const;
