import type {
  LevelMeter,
  LevelReading,
  Logger,
  PresetId,
  RadioPlayer,
  Recording,
  SleepTimerMinutes,
} from '@grouarock/audio-engine';
import type { createStore } from 'jotai';
import type * as PlayerEngine from './player-engine';
import type { StationDto } from './api/stations';
import { streamAccess } from './stream-access';
import {
  activeRecordingAtom,
  currentStationIdAtom,
  deckStateAtom,
  mutedAtom,
  playQueueAtom,
  recordingsAtom,
  sleepLabelAtom,
  volumeAtom,
} from './atoms';
import { downloadBlob, recordingStore } from './recording-store';
import { afterLoad } from '../../lib/use-after-load';

type Store = ReturnType<typeof createStore>;
type Engine = typeof PlayerEngine;

let engine: Promise<Engine> | null = null;

/** The audio engine's chunk, loaded once (a failed load, e.g. offline, is tried again next time). */
function loadEngine(): Promise<Engine> {
  engine ??= import('./player-engine').catch((error: unknown) => {
    engine = null;
    throw error;
  });
  return engine;
}

/** Stream errors and failed recordings are only logged: as warnings, not console errors. */
const quietLogger: Logger = {
  warn: (message, detail) => console.warn(message, ...(detail === undefined ? [] : [detail])),
  error: (message, detail) => console.warn(message, ...(detail === undefined ? [] : [detail])),
};


/**
 * The radio page's link between React state (jotai atoms) and the audio engine's RadioPlayer. The player, and
 * with it the app's shared AudioContext, is created on the first user gesture that needs it (play, alarm); the
 * engine's code loads as its own chunk (preload() starts that once the page has loaded).
 */
export class RadioController {
  private player: RadioPlayer | null = null;
  private meter: LevelMeter | null = null;
  /** Counts dispose() calls: a player whose engine arrives after the page went away is not created. */
  private generation = 0;
  private readonly stops: (() => void)[] = [];
  /** Counts play() calls: a play overtaken by another while it waited for the pass or a ticket does not connect. */
  private plays = 0;
  /** Chunk writes in order, so a finished recording is removed only after its last chunk was stored. */
  private chunkWrites: Promise<void> = Promise.resolve();

  constructor(private readonly store: Store) {}

  /**
   * Fetches the audio engine's chunk ahead of the first play, so playing starts without waiting for it: once the page
   * has loaded (its stations first). Returns what cancels it. A play before then loads it at once.
   */
  preload(): () => void {
    return afterLoad(() => void loadEngine().catch((error: unknown) => console.warn('The audio engine did not load', error)));
  }

  /** The player, created on first use (null when the page went away meanwhile). Call from a user gesture. */
  async ensurePlayer(): Promise<RadioPlayer | null> {
    if (this.player) return this.player;
    const generation = this.generation;
    const { LevelMeter, RadioPlayer, audioContext } = await loadEngine();
    if (generation !== this.generation) return null;
    if (this.player) return this.player;
    const context = audioContext();
    const player = new RadioPlayer(context, {
      deck: { volume: this.store.get(volumeAtom) },
      recorder: { onChunk: (chunk) => this.queueChunk(() => recordingStore.put(chunk)) },
      logger: quietLogger,
    }).toDestination();
    player.deck.muted = this.store.get(mutedAtom);
    const meter = new LevelMeter(context);
    player.connect(meter);
    this.player = player;
    this.meter = meter;

    const { deck, recorder, sleepTimer } = player;
    this.stops.push(
      deck.on('statechange', ({ state }) => this.store.set(deckStateAtom, state)),
      deck.on('volumechange', ({ volume, muted }) => {
        this.store.set(volumeAtom, volume);
        this.store.set(mutedAtom, muted);
      }),
      recorder.on('start', ({ entry }) => this.store.set(activeRecordingAtom, entry)),
      recorder.on('complete', ({ recording }) => this.finishRecording(recording)),
      recorder.on('error', () => this.store.set(activeRecordingAtom, null)),
      sleepTimer.on('tick', ({ label }) => this.store.set(sleepLabelAtom, label)),
      sleepTimer.on('expire', () => this.store.set(sleepLabelAtom, null)),
      sleepTimer.on('cancel', () => this.store.set(sleepLabelAtom, null)),
      player.alarm.on('fire', ({ source }) => this.store.set(currentStationIdAtom, source.id)),
    );
    return player;
  }

  get hasPlayer(): boolean {
    return this.player !== null;
  }

  /** Plays `station` (switching to it when another one plays). */
  async play(station: Pick<StationDto, 'id' | 'name'>): Promise<void> {
    const player = await this.ensurePlayer();
    if (!player) return;
    const context = (await loadEngine()).audioContext();
    if (context.state === 'suspended') await context.resume();
    this.store.set(currentStationIdAtom, station.id);
    // The pass (and the ticket) are awaited: only the latest play connects, and only while the page is there.
    const turn = ++this.plays;
    const current = () => turn === this.plays && this.player === player;
    if (player.deck.source?.id === station.id && player.deck.state !== 'error') {
      await streamAccess.ready();
      if (current()) await player.deck.play();
    } else {
      const source = await streamAccess.sourceOf(station);
      if (current()) await player.deck.switchStation(source);
    }
  }

  /** Plays a playlist's stations from the first: next and previous then move through them (usePlayerActions). */
  async playQueue(name: string, stations: readonly Pick<StationDto, 'id' | 'name'>[]): Promise<void> {
    const [first] = stations;
    if (!first) return;
    this.store.set(playQueueAtom, { name, stationIds: stations.map((s) => s.id) });
    await this.play(first);
  }

  pause(): void {
    this.player?.deck.pause();
  }

  /**
   * Ducks the station to silence with a GainNode ramp for an ad break (features/ads): the station's audio goes through
   * Web Audio, so this works on iOS too, which ignores a media element's volume. The listener's volume stays as it is.
   */
  async holdForBreak(fadeSeconds = 0.8): Promise<void> {
    const player = this.player;
    if (!player) return;
    const gain = player.output.gain;
    const now = player.context.currentTime;
    gain.cancelScheduledValues(now);
    gain.setValueAtTime(gain.value, now);
    gain.linearRampToValueAtTime(0, now + fadeSeconds);
    await new Promise((resolve) => setTimeout(resolve, fadeSeconds * 1000));
  }

  /** After an ad break: the station plays again from its live edge (a new connection, never the buffer from before). */
  async resumeAfterBreak(): Promise<void> {
    const player = this.player;
    if (!player?.deck.source) return;
    player.deck.pause();
    const gain = player.output.gain;
    gain.cancelScheduledValues(player.context.currentTime);
    gain.setValueAtTime(1, player.context.currentTime);
    await player.deck.play();
  }

  get playing(): boolean {
    const state = this.player?.deck.state;
    return state === 'playing' || state === 'loading' || state === 'reconnecting';
  }

  setVolume(volume: number): void {
    const value = Math.round(Math.min(100, Math.max(0, volume)));
    this.store.set(volumeAtom, value);
    if (this.player) this.player.deck.volume = value;
  }

  setMuted(muted: boolean): void {
    this.store.set(mutedAtom, muted);
    if (this.player) this.player.deck.muted = muted;
  }

  readLevel(): LevelReading | null {
    return this.meter?.read() ?? null;
  }

  startRecording(stationName: string): boolean {
    return this.player?.recorder.start(stationName) ?? false;
  }

  async stopRecording(): Promise<void> {
    await this.player?.recorder.stop();
  }

  async startSleepTimer(minutes: SleepTimerMinutes): Promise<void> {
    (await this.ensurePlayer())?.sleepTimer.start(minutes);
  }

  cancelSleepTimer(): void {
    this.player?.sleepTimer.cancel();
  }

  async applyPreset(id: PresetId | null): Promise<void> {
    const player = await this.ensurePlayer();
    if (id) player?.applyPreset(id);
    else player?.clearPreset();
  }

  /** Arms the alarm once the player and the station's stream address are ready: true once armed. */
  async armAlarm(station: Pick<StationDto, 'id' | 'name'>, time: string): Promise<boolean> {
    const player = await this.ensurePlayer();
    if (!player) return false;
    const source = await streamAccess.sourceOf(station);
    if (this.player !== player) return false;
    player.alarm.arm(source, time);
    return true;
  }

  disarmAlarm(): void {
    this.player?.alarm.disarm();
  }

  dispose(): void {
    this.generation += 1;
    for (const stop of this.stops.splice(0)) stop();
    this.meter?.dispose();
    this.player?.dispose();
    this.meter = null;
    this.player = null;
    this.store.set(deckStateAtom, 'stopped');
    this.store.set(activeRecordingAtom, null);
    this.store.set(sleepLabelAtom, null);
  }

  private queueChunk(write: () => Promise<void>): void {
    this.chunkWrites = this.chunkWrites.then(write).catch((error: unknown) => console.warn('Could not keep a recording chunk', error));
  }

  private finishRecording(recording: Recording): void {
    this.store.set(activeRecordingAtom, null);
    const url = downloadBlob(recording.blob, recording.entry.fileName);
    this.store.set(recordingsAtom, (list) => [...list, { entry: recording.entry, size: recording.blob.size, url }]);
    this.queueChunk(() => recordingStore.remove(recording.entry.id));
  }
}
