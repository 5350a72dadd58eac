// The framework-free Web Audio engine (docs/architecture.md, "The audio engine"). Its public API is this file alone.
// Every class takes the audio context first (standardized-audio-context's AudioContext, or its
// OfflineAudioContext where noted), then an options object over its static `defaults`; each has explicit
// `input`/`output` nodes (undefined for a pure source or sink) and a `dispose()` that releases everything.

// Players and the mixer
export { RadioPlayer, type RadioPlayerEvents, type RadioPlayerOptions } from './radio-player';
export {
  StreamDeck,
  type DeckState,
  type ReconnectOptions,
  type StreamDeckEvents,
  type StreamDeckOptions,
  type StreamSource,
} from './stream-deck';
export {
  DEFAULT_MIXER_SETTINGS,
  DjMixer,
  type CueSource,
  type DeckId,
  type DjMixerEvents,
  type DjMixerOptions,
  type MixerChanges,
  type MixerSettings,
} from './dj-mixer';
export { DeckChannel, type DeckChannelOptions } from './deck-channel';
export { ThreeBandEq, type EqBand, type EqSettings, type ThreeBandEqOptions } from './three-band-eq';
export { LevelMeter, type LevelMeterOptions } from './level-meter';
export { Crossfader, type CrossfaderOptions } from './crossfader';
export { Spatial, type SpatialOptions } from './spatial';
export {
  HeadphoneOutput,
  type HeadphoneEnvironment,
  type HeadphoneOutputEvents,
  type HeadphoneOutputOptions,
  type HeadphoneRoute,
  type HeadphoneStatus,
  type OutputDevice,
  type SinkAudioContext,
  type SinkAudioElement,
} from './headphone-output';

// Extras of the player card
export {
  Recorder,
  type CreateMediaRecorder,
  type MediaRecorderLike,
  type Recording,
  type RecordingChunk,
  type RecordingEntry,
  type RecorderEvents,
  type RecorderOptions,
} from './recorder';
export { SleepTimer, type SleepTimerEvents, type SleepTimerOptions } from './sleep-timer';
export { Alarm, type AlarmEvents, type AlarmOptions } from './alarm';
export {
  LISTENING_MODES,
  PRESETS,
  PRESET_IDS,
  SPORT_MODES,
  isPresetId,
  type ListeningMode,
  type PresetId,
  type SportMode,
  type ToneSettings,
} from './presets';

// Shared plumbing
export { EngineNode, type ConnectTarget } from './engine-node';
export { type EngineAudioNode, type EngineContext, isRealtimeContext } from './context';
export { type Clock, type TimerHandle, systemClock } from './clock';
export { type Logger, consoleLogger } from './logger';
export { type EventMap, type Listener } from './emitter';

// Pure maths and constants
export { MIN_DB, dbToGain, gainToDb } from './decibels';
export { TRIM_UNITY, eqKnobToDb, eqKnobToGain, levelToGain, trimToGain, volumeToGain } from './gain-laws';
export {
  CROSSFADER_CURVES,
  SHARP_CUT_WIDTH,
  crossfaderGains,
  crossfaderPosition,
  isCrossfaderCurve,
  type CrossfaderCurve,
  type CrossfaderGains,
} from './crossfader-curves';
export { spatialToWidth, widthMatrix, type WidthMatrix } from './stereo-width';
export { KNOBS, clamp, clampKnob, clampVolume, eqKnobToPercent, percentToEqKnob, type KnobName, type KnobRange } from './knobs';
export { measureLevel, toReading, type Level, type LevelReading } from './level';
export { reconnectDelayMs, type BackoffOptions } from './backoff';
export { formatCountdown } from './countdown';
export { recordingFileName } from './recording-file-name';
export { nextAlarmAt, parseAlarmTime, type AlarmTime } from './alarm-time';
export {
  DEFAULT_ALARM_TIME,
  DEFAULT_VOLUME,
  EQ_CROSSOVERS,
  MIXER_DEFAULTS,
  RECONNECT_DEFAULTS,
  RECORDING_CHUNK_MS,
  RECORDING_EXTENSION,
  RECORDING_MIME_TYPE,
  SLEEP_TIMER_MINUTES,
  type SleepTimerMinutes,
} from './constants';
