import type { AdBreakDto, AdsApi } from './ads-api';
import type { AdBreakView } from './ad-break-atom';
import { playSpot, type SpotPlayback } from './spot-player';

/** What the break needs of the station's player (features/radio's RadioController). */
export interface StationHold {
  /** Ducks the station to silence (it stays connected). */
  hold(): Promise<void>;
  /** Plays it again from its live edge, at its volume. */
  resume(): Promise<void>;
}

/** The deck's states, as features/radio reports them. */
export type DeckStateName = 'stopped' | 'loading' | 'playing' | 'reconnecting' | 'offline' | 'error';

export interface AdBreakControllerOptions {
  api: AdsApi;
  station: StationHold;
  /** The break in progress (or null), for the player bar. */
  onView: (view: AdBreakView | null) => void;
  playSpot?: (url: string) => SpotPlayback;
  /** Before the server's first answer: its default heartbeat. */
  heartbeatSeconds?: number;
}

/** How often the countdown is redrawn, ms. */
const TICK_MS = 250;
/** A completion the server found early is asked again this often, at most EARLY_TRIES times. */
const EARLY_RETRY_MS = 1000;
const EARLY_TRIES = 30;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Ad breaks in the radio player (docs/architecture.md, "Ads"). While the station plays it reports to the server every
 * heartbeat; when the server hands out a break (or the relay refused the station because one is overdue) it ducks the
 * station, plays the spot on its own element with a countdown, has the server accept the break once the spot has played,
 * and resumes the station at its live edge. There is no way to skip: a station started during the break is held again.
 */
export class AdBreakController {
  private playing = false;
  private heartbeatMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private current: AdBreakDto | null = null;
  private spot: SpotPlayback | null = null;
  private disposed = false;
  private readonly play: (url: string) => SpotPlayback;

  constructor(private readonly options: AdBreakControllerOptions) {
    this.heartbeatMs = (options.heartbeatSeconds ?? 15) * 1000;
    this.play = options.playSpot ?? ((url) => playSpot(url));
  }

  /** Whether a break is in progress. */
  get onBreak(): boolean {
    return this.current !== null;
  }

  /** Follows the deck: heartbeats while it plays; after a failed start, asks whether a break is due. */
  deckChanged(state: DeckStateName): void {
    if (this.disposed) return;
    if (this.current) {
      // No skipping: a station started during the break (next, an alarm) is ducked again.
      if (state === 'loading' || state === 'playing' || state === 'reconnecting') void this.options.station.hold();
      return;
    }
    const nowPlaying = state === 'playing';
    if (nowPlaying && !this.playing) {
      this.playing = true;
      void this.report(false);
      this.schedule();
    } else if (!nowPlaying && this.playing) {
      this.playing = false;
      this.cancel();
    }
    // The relay refuses a listener whose break is overdue (403 ad_break_due): the answer hands the break out.
    if (state === 'error') void this.report(false);
  }

  dispose(): void {
    this.disposed = true;
    this.cancel();
    this.spot?.stop();
    this.options.onView(null);
  }

  private schedule(): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.playing || this.current || this.disposed) return;
      void this.report(true);
      this.schedule();
    }, this.heartbeatMs);
  }

  private cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async report(listening: boolean): Promise<void> {
    try {
      const state = await this.options.api.report(listening);
      this.heartbeatMs = state.heartbeatSeconds * 1000;
      // A plan without ads: nothing to count until the station starts again (a plan changes rarely, a play often).
      if (!state.ads) this.cancel();
      else if (state.break) await this.runBreak(state.break);
    } catch (error) {
      console.warn('The ad clock did not answer', error);
    }
  }

  private async runBreak(adBreak: AdBreakDto): Promise<void> {
    if (this.current || this.disposed) return;
    this.current = adBreak;
    // The station stops for the break; once it plays again, counting starts afresh.
    this.playing = false;
    this.cancel();
    const { onView, station, api } = this.options;
    try {
      await station.hold();
      const started = Date.now();
      const fallbackEnd = started + adBreak.seconds * 1000;
      const spot = this.play(adBreak.spotUrl);
      this.spot = spot;
      const show = () => onView({ phase: 'spot', secondsLeft: Math.ceil(spot.secondsLeft() ?? Math.max(0, (fallbackEnd - Date.now()) / 1000)) });
      show();
      const ticker = setInterval(show, TICK_MS);
      const heard = await spot.done;
      // A spot that would not play still holds the station for its length: the break is the same for everyone.
      if (!heard && !this.disposed) {
        const fallback = setInterval(() => onView({ phase: 'spot', secondsLeft: Math.ceil(Math.max(0, (fallbackEnd - Date.now()) / 1000)) }), TICK_MS);
        await sleep(Math.max(0, fallbackEnd - Date.now()));
        clearInterval(fallback);
      }
      clearInterval(ticker);
      this.spot = null;
      if (this.disposed) return;
      onView({ phase: 'resuming' });
      for (let tries = 0; tries < EARLY_TRIES && (await api.complete(adBreak.id)) === 'early'; tries++) await sleep(EARLY_RETRY_MS);
    } catch (error) {
      console.warn('The ad break could not be completed', error);
    } finally {
      this.current = null;
      if (!this.disposed) {
        onView(null);
        await station.resume().catch((error: unknown) => console.warn('The station did not resume', error));
      }
    }
  }
}
