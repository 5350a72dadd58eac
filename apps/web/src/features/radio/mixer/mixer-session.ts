import {
  DjMixer,
  HeadphoneOutput,
  LevelMeter,
  StreamDeck,
  type DeckId,
  type DeckState,
  type HeadphoneStatus,
  type MixerChanges,
  type MixerSettings,
  type OutputDevice,
} from '@grouarock/audio-engine';
import { streamAccess } from '../stream-access';
import type { IAudioContext } from 'standardized-audio-context';

/** A station as a deck needs it. */
export interface DeckStation {
  readonly id: string;
  readonly name: string;
}

/** What the overlay shows of one deck. */
export interface DeckStatus {
  readonly state: DeckState;
  readonly stationId: string | null;
}

/** The latest levels in dBFS (-Infinity is silence): RMS for the bar, peak for the marker. */
export interface MeterLevel {
  readonly rms: number;
  readonly peak: number;
}

export interface MixerLevels {
  /** Deck A as it reaches the mix (after its fader and the crossfader). */
  readonly a: MeterLevel;
  readonly b: MeterLevel;
  readonly master: MeterLevel;
}

export interface MixerSessionEvents {
  deck: (deck: DeckId, status: DeckStatus) => void;
  headphones: (status: HeadphoneStatus) => void;
}

export interface MixerSessionOptions {
  readonly context: IAudioContext;
  readonly settings: MixerSettings;
}


const DECK_IDS: readonly DeckId[] = ['a', 'b'];

/**
 * The mixer's audio, assembled from the engine: two StreamDecks (at volume 100: the mixer's faders set
 * the level) into a DjMixer to the speakers, a meter per deck after the crossfader (the engine's deck
 * meters are pre-fader, so they could not show a deck faded out), and the headphone cue on a HeadphoneOutput.
 * `dispose()` stops both decks and releases every engine object.
 */
export class MixerSession {
  readonly mixer: DjMixer;
  private readonly decks: Record<DeckId, StreamDeck>;
  private readonly postFader: Record<DeckId, LevelMeter>;
  private readonly phones: HeadphoneOutput;
  private readonly listeners: { [K in keyof MixerSessionEvents]: Set<MixerSessionEvents[K]> } = {
    deck: new Set(),
    headphones: new Set(),
  };
  private readonly cleanups: (() => void)[] = [];
  private disposed = false;

  constructor(private readonly options: MixerSessionOptions) {
    const { context, settings } = options;
    this.mixer = new DjMixer(context, settings).toDestination();
    this.decks = {
      a: new StreamDeck(context, { volume: 100 }),
      b: new StreamDeck(context, { volume: 100 }),
    };
    this.postFader = { a: new LevelMeter(context), b: new LevelMeter(context) };
    this.decks.a.connect(this.mixer.inputA);
    this.decks.b.connect(this.mixer.inputB);
    this.mixer.crossfader.a.connect(this.postFader.a.input);
    this.mixer.crossfader.b.connect(this.postFader.b.input);
    this.phones = new HeadphoneOutput(context);
    this.mixer.cueOutput.connect(this.phones.input);

    for (const id of DECK_IDS) {
      const deck = this.decks[id];
      const report = () => this.emitDeck(id);
      this.cleanups.push(
        deck.on('statechange', report),
        deck.on('stationchange', report),
      );
    }
    this.cleanups.push(this.phones.on('statuschange', (status) => this.listeners.headphones.forEach((listener) => listener(status))));
  }

  on<K extends keyof MixerSessionEvents>(event: K, listener: MixerSessionEvents[K]): () => void {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  status(deck: DeckId): DeckStatus {
    const engine = this.decks[deck];
    return { state: engine.state, stationId: engine.source?.id ?? null };
  }

  /** Plays `station` on `deck` (call from a click: it also resumes the audio context). */
  async play(deck: DeckId, station: DeckStation): Promise<void> {
    if (this.disposed) return;
    if (this.options.context.state === 'suspended') {
      this.options.context.resume().catch(() => undefined);
    }
    const source = await streamAccess.sourceOf(station);
    if (!this.disposed) await this.decks[deck].switchStation(source);
  }

  /** A live stream has nothing to pause: the deck stops and closes its connection. */
  pause(deck: DeckId): void {
    if (!this.disposed) this.decks[deck].pause();
  }

  set(changes: MixerChanges): void {
    if (!this.disposed && Object.keys(changes).length > 0) this.mixer.set(changes);
  }

  levels(): MixerLevels {
    const read = (meter: LevelMeter): MeterLevel => {
      const { rmsDb, peakDb } = meter.read();
      return { rms: rmsDb, peak: peakDb };
    };
    return { a: read(this.postFader.a), b: read(this.postFader.b), master: read(this.mixer.masterMeter) };
  }

  /**
   * The master output as a MediaStream (after EQ, crossfader, master and spatial: what the speakers get), for going
   * live with the mix; `dispose` disconnects it.
   */
  liveFeed(): { stream: MediaStream; dispose: () => void } {
    const destination = this.options.context.createMediaStreamDestination();
    this.mixer.output.connect(destination);
    return {
      stream: destination.stream,
      dispose: () => {
        try {
          this.mixer.output.disconnect(destination);
        } catch {
          // Already disposed with the mixer.
        }
      },
    };
  }

  get headphoneStatus(): HeadphoneStatus {
    return this.phones.status;
  }

  listOutputDevices(): Promise<OutputDevice[]> {
    return this.phones.available ? this.phones.listDevices() : Promise.resolve([]);
  }

  /** Routes the cue to `deviceId` ('' = default); call from a user gesture. */
  setOutputDevice(deviceId: string): Promise<HeadphoneStatus> {
    return this.phones.setDevice(deviceId);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.listeners.deck.clear();
    this.listeners.headphones.clear();
    for (const id of DECK_IDS) {
      this.decks[id].stop();
      this.decks[id].dispose();
      this.postFader[id].dispose();
    }
    this.phones.dispose();
    this.mixer.dispose();
  }

  private emitDeck(id: DeckId): void {
    const status = this.status(id);
    this.listeners.deck.forEach((listener) => listener(id, status));
  }
}
