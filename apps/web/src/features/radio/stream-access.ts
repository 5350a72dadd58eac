import type { StreamSource } from '@grouarock/audio-engine';
import { sourceOf, type StationDto } from './api/stations';
import { streamAccessApi, type StreamAccessApi } from './api/stream-ticket';

/** The longest a connection waits for the sign-in state and the radio pass: then it connects as it can. */
export const PASS_WAIT_MS = 5000;

const noop = () => undefined;

/**
 * What a station's connection needs before it is opened (docs/architecture.md, "Ads" and "Plans on the relay"):
 * - signed in, the radio pass of this session, asked for at once when the account signs in, and waited for, so a
 *   paid listener's first stream is not played on Basic because play was pressed before the pass came back;
 *   while the sign-in state is still being read (a returning visitor), the connection waits for it too;
 * - a stream ticket, asked for at the same time: on a plan with ads the relay counts the stream for a known listener
 *   (the answer also sets the listener cookie that its reconnects and the next streams name it by). A failed ask is no
 *   reason not to connect: the relay then says why (ad_break_due, which the ad breaks answer by playing the break).
 */
export class StreamAccess {
  /** The signed-in account; null signed out, undefined while not known yet. */
  private account: string | null | undefined = null;
  private pass: Promise<void> = Promise.resolve();
  private release: ((next: Promise<void>) => void) | undefined;

  constructor(private readonly api: StreamAccessApi = streamAccessApi) {}

  /** The sign-in state as it changes: an account id, null when signed out, undefined while it is still being read. */
  follow(account: string | null | undefined): void {
    if (account === this.account) return;
    this.account = account;
    const waiting = this.release;
    this.release = undefined;
    if (account === undefined) {
      this.pass = new Promise<void>((resolve) => (this.release = (next) => resolve(next)));
    } else {
      this.pass = account ? this.api.setPass().then(noop, (error: unknown) => console.warn('The radio pass was not set', error)) : Promise.resolve();
    }
    // Connections waiting for the sign-in state now wait for what it turned out to need.
    waiting?.(this.pass);
  }

  /** Settles once the sign-in state is known and, signed in, the pass is in (or PASS_WAIT_MS has passed). */
  ready(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([this.pass, new Promise<void>((resolve) => (timer = setTimeout(resolve, PASS_WAIT_MS)))]).finally(() => clearTimeout(timer));
  }

  /** The station as the audio engine connects to it: once the pass is in, with a fresh ticket. */
  async sourceOf(station: Pick<StationDto, 'id' | 'name'>): Promise<StreamSource> {
    const [, ticket] = await Promise.all([
      this.ready(),
      this.api.ticket(station.id).catch((error: unknown) => {
        console.warn('No stream ticket', error);
        return null;
      }),
    ]);
    return sourceOf(station, ticket);
  }
}

/** The page's one StreamAccess: the radio player and the DJ mixer's decks connect through it. */
export const streamAccess = new StreamAccess();
