import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import { type Answer, requestFrom } from '../test/support/cluster';
import { STATIONS } from './rig';

/** Client addresses of the load: each client is a user of its own (the site's limits are per address). */
const address = (n: number) => `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;

/** One request the load made, and how it ended. */
export interface Outcome {
  at: number;
  op: string;
  write: boolean;
  /** 0: no answer at all (a connection refused or reset). */
  status: number;
  ms: number;
  /** The answer's body is our JSON error shape (statusCode, error, message), as every refusal must be. */
  clearError: boolean;
  /** What a write changes (`<member>/<station>` for a like), to tell which acknowledged state stands. */
  key?: string;
}

export interface Member {
  id: string;
  token: string;
  address: string;
  email: string;
  password: string;
}

/** A write the cluster acknowledged, to look for after the drill. */
export type Acknowledged =
  | { kind: 'like'; member: Member; station: string; liked: boolean; at: number; started: number }
  | { kind: 'playlist'; member: Member; id: string; at: number }
  | { kind: 'playlist deleted'; member: Member; id: string; at: number };

/**
 * The playlists each member keeps: past them the load deletes its oldest instead of making one, so that a member's list,
 * which every `GET /user/playlists` reads, stays the same size through a soak (growing, it would slow that route down
 * as the soak goes on: a change in the load, not in the cluster).
 */
export const KEPT_PLAYLISTS = 5;

/**
 * A fixed rate of mixed reads and writes through the balancer, as the site's users make them: the stations list,
 * now-playing, likes and the weekly top (reads), likes set and cleared and playlists made and deleted (writes, each by a
 * signed-in member from their own address). Every outcome is kept, and every write the cluster acknowledged.
 */
export class RequestLoad {
  readonly outcomes: Outcome[] = [];
  readonly acknowledged: Acknowledged[] = [];
  private timer?: NodeJS.Timeout;
  private n = 0;
  private readonly inFlight = new Set<Promise<void>>();
  /** Each member's playlists made by the load and not yet deleted, oldest first. */
  private readonly kept = new Map<Member, string[]>();

  constructor(
    private readonly api: string,
    private readonly members: Member[],
    private readonly perSecond = 20,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.next(), 1000 / this.perSecond);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Outcomes from `since` (ms since the epoch) on. */
  since(since: number): Outcome[] {
    return this.outcomes.filter((o) => o.at >= since);
  }

  private next(): void {
    const n = this.n++;
    const station = STATIONS[n % STATIONS.length];
    // Each member makes ten requests in a row, one of each operation, then the next member: every member does everything.
    const member = this.members[Math.floor(n / 10) % this.members.length];
    const auth = { authorization: `Bearer ${member.token}` };
    // Two writes in ten. The playlist write is chosen only when it is its turn: it takes a playlist off the member's list.
    const ops: (Op | (() => Op))[] = [
      ['GET stations', false, () => requestFrom(address(n % 400), `${this.api}/radio/stations`), () => undefined],
      ['GET nowplaying', false, () => requestFrom(address(n % 400), `${this.api}/radio/${station}/nowplaying`), () => undefined],
      ['GET likes', false, () => requestFrom(member.address, `${this.api}/radio/${station}/likes`, { headers: auth }), () => undefined],
      ['GET top-weekly', false, () => requestFrom(address(n % 400), `${this.api}/radio/top-weekly`), () => undefined],
      ['GET stations', false, () => requestFrom(address(n % 400), `${this.api}/radio/stations?genre=punk`), () => undefined],
      ['GET station', false, () => requestFrom(address(n % 400), `${this.api}/radio/stations/${station}`), () => undefined],
      ['GET playlists', false, () => requestFrom(member.address, `${this.api}/user/playlists`, { headers: auth }), () => undefined],
      ['GET visitors', false, () => requestFrom(address(n % 400), `${this.api}/visitors`), () => undefined],
      [
        'PUT/DELETE like',
        true,
        () => requestFrom(member.address, `${this.api}/radio/${station}/like`, { method: n % 4 < 2 ? 'PUT' : 'DELETE', headers: auth }),
        () => this.acknowledged.push({ kind: 'like', member, station, liked: n % 4 < 2, at: Date.now(), started }),
      ],
      () => this.playlistWrite(member, station, n),
    ];
    const started = Date.now();
    const chosen = ops[n % ops.length];
    const [op, write, send, acknowledge, playlist] = typeof chosen === 'function' ? chosen() : chosen;
    const key = op === 'PUT/DELETE like' ? `${member.id}/${station}` : playlist;
    const done = send().then(
      (answer) => {
        const ok = answer.status >= 200 && answer.status < 300;
        if (ok && write) acknowledge(answer);
        this.outcomes.push({ at: started, op, write, status: answer.status, ms: Date.now() - started, clearError: !ok && isErrorJson(answer), key });
      },
      () => void this.outcomes.push({ at: started, op, write, status: 0, ms: Date.now() - started, clearError: false, key }),
    );
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  /** A member's playlist write: a new one, or the deletion of its oldest once it keeps KEPT_PLAYLISTS (its id then). */
  private playlistWrite(member: Member, station: string, n: number): Op {
    const auth = { authorization: `Bearer ${member.token}` };
    const kept = this.kept.get(member) ?? this.kept.set(member, []).get(member)!;
    if (kept.length < KEPT_PLAYLISTS) {
      return [
        'POST/DELETE playlist',
        true,
        () => requestFrom(member.address, `${this.api}/user/playlists`, { method: 'POST', headers: auth, body: { name: `Drill ${n}`, items: [{ type: 'station', id: station }] } }),
        (a) => {
          const id = a.json().id as string;
          kept.push(id);
          this.acknowledged.push({ kind: 'playlist', member, id, at: Date.now() });
        },
      ];
    }
    // Off the list whatever the answer: one whose deletion was not acknowledged is left out of the checks.
    const id = kept.shift()!;
    return [
      'POST/DELETE playlist',
      true,
      () => requestFrom(member.address, `${this.api}/user/playlists/${id}`, { method: 'DELETE', headers: auth }),
      () => this.acknowledged.push({ kind: 'playlist deleted', member, id, at: Date.now() }),
      id,
    ];
  }
}

/** One operation of the load: its name, whether it writes, how it is sent, what its acknowledgement records, and the playlist a deletion names. */
type Op = [op: string, write: boolean, send: () => Promise<Answer>, acknowledge: (a: Answer) => void, playlist?: string];

function isErrorJson(answer: Answer): boolean {
  try {
    const body = answer.json() as { statusCode?: unknown; message?: unknown };
    return body.statusCode === answer.status && typeof body.message === 'string';
  } catch {
    return false;
  }
}

/** A silence in one listener's audio: from its last byte before the drop to its first byte after. */
export interface Gap {
  from: number;
  to: number;
}

/**
 * Radio listeners through the balancer, each on a connection of its own, reconnecting as a player does when its stream
 * ends (after 250 ms, then again until it plays). Each keeps the silences it heard.
 */
export class RadioListeners {
  readonly gaps: Gap[][] = [];
  /** Each connection attempt's outcome: the status it got, or `error`; for the report. */
  readonly attempts = new Map<string, number>();
  /** The first answer of each refusing status, as its body said it. */
  readonly refusals = new Map<number, string>();
  readonly bytes: number[] = [];
  private readonly lastByte: number[] = [];
  private readonly dropped: (number | undefined)[] = [];
  private readonly requests: (ReturnType<typeof httpRequest> | undefined)[] = [];
  private stopped = false;

  constructor(
    private readonly base: string,
    readonly count: number,
  ) {}

  start(): void {
    for (let i = 0; i < this.count; i++) {
      this.gaps.push([]);
      this.bytes.push(0);
      this.lastByte.push(0);
      this.connect(i);
    }
  }

  /** Listeners whose audio flowed within the last `ms`. */
  playing(ms = 2000): number {
    const now = Date.now();
    return this.lastByte.filter((t) => now - t < ms).length;
  }

  /** The longest silence each listener heard that overlaps [from, to]; a silence still open counts up to now. */
  longestGaps(from: number, to = Date.now()): number[] {
    return this.gaps.map((gaps, i) => {
      const open = this.dropped[i] !== undefined ? [{ from: this.lastByte[i], to: Date.now() }] : [];
      return Math.max(0, ...[...gaps, ...open].filter((g) => g.to >= from && g.from <= to).map((g) => g.to - g.from));
    });
  }

  stop(): void {
    this.stopped = true;
    for (const req of this.requests) req?.destroy();
  }

  private connect(i: number): void {
    if (this.stopped) return;
    const station = STATIONS[i % STATIONS.length];
    const req = httpRequest(`${this.base}/api/v1/radio/${station}/stream`, { agent: false, localAddress: address(1000 + i) }, (res) => {
      this.tally(String(res.statusCode));
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.once('end', () => {
          if (!this.refusals.has(res.statusCode!)) this.refusals.set(res.statusCode!, body.slice(0, 300));
          this.retry(i);
        });
        return;
      }
      res.on('data', (chunk: Buffer) => {
        const now = Date.now();
        const since = this.dropped[i];
        if (since !== undefined) {
          this.gaps[i].push({ from: since, to: now });
          this.dropped[i] = undefined;
        }
        this.bytes[i] += chunk.length;
        this.lastByte[i] = now;
      });
      res.once('close', () => this.retry(i));
      res.on('error', () => undefined);
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      this.tally(e.code ?? 'error');
      this.retry(i);
    });
    req.end();
    this.requests[i] = req;
  }

  private tally(outcome: string): void {
    this.attempts.set(outcome, (this.attempts.get(outcome) ?? 0) + 1);
  }

  private retry(i: number): void {
    if (this.stopped) return;
    this.dropped[i] ??= this.lastByte[i] || Date.now();
    this.requests[i] = undefined;
    setTimeout(() => this.connect(i), 250);
  }
}

/**
 * Realtime sockets through the balancer, each from an address of its own, subscribed to the first station's channel;
 * each reconnects a second after it closes (the web client's first delay) and subscribes again. Every now_playing it
 * hears is kept with its time.
 */
export class RealtimeSockets {
  readonly heard: { at: number; title: string }[][] = [];
  private readonly sockets: (WebSocket | undefined)[] = [];
  private stopped = false;

  constructor(
    private readonly base: string,
    readonly count: number,
    readonly channel = `station.${STATIONS[0]}`,
  ) {}

  start(): void {
    for (let i = 0; i < this.count; i++) {
      this.heard.push([]);
      this.connect(i);
    }
  }

  open(): number {
    return this.sockets.filter((s) => s?.readyState === WebSocket.OPEN).length;
  }

  /** Sockets that heard `title` (as now_playing) at or after `since`. */
  heardTitle(title: string, since: number): number {
    return this.heard.filter((events) => events.some((e) => e.at >= since && e.title.includes(title))).length;
  }

  stop(): void {
    this.stopped = true;
    for (const socket of this.sockets) socket?.terminate();
  }

  private connect(i: number): void {
    if (this.stopped) return;
    const socket = new WebSocket(`${this.base.replace('http', 'ws')}/api/v1/realtime`, { localAddress: address(2000 + i) });
    this.sockets[i] = socket;
    socket.on('open', () => socket.send(JSON.stringify({ action: 'subscribe', channel: this.channel })));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; data?: { title?: string; artist?: string } };
      if (message.type === 'now_playing') this.heard[i].push({ at: Date.now(), title: `${message.data?.artist ?? ''} - ${message.data?.title ?? ''}` });
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets[i] = undefined;
      if (!this.stopped) setTimeout(() => this.connect(i), 1000);
    });
  }
}

/**
 * HLS viewers of one live stream through the balancer, as hls.js plays live: the playlist every second, each segment
 * it names once. Each viewer keeps its own second, as players that started at different moments do (spread evenly
 * over the first second): in step, all of them would ask for each new segment in the same instant, a burst no audience
 * makes, and each of them would miss the balancer's cache since none of their answers had come yet. Each counts what
 * failed, and whether it ever saw the stream end.
 */
export class HlsViewers {
  readonly errors: { at: number; what: string; status: number }[] = [];
  readonly segments = new Set<string>();
  ended = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly api: string,
    private readonly streamId: string,
    readonly count: number,
  ) {}

  start(): void {
    for (let i = 0; i < this.count; i++) {
      this.timers.push(
        setTimeout(() => {
          if (this.stopped) return;
          let busy = false;
          const poll = () => {
            if (busy) return;
            busy = true;
            void this.poll(i).finally(() => (busy = false));
          };
          poll();
          this.timers.push(setInterval(poll, 1000));
        }, (i * 1000) / this.count),
      );
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
  }

  private async poll(i: number): Promise<void> {
    const from = address(3000 + i);
    const playlist = await requestFrom(from, `${this.api}/live/${this.streamId}/index.m3u8`).catch(() => undefined);
    if (playlist?.status !== 200) return void this.errors.push({ at: Date.now(), what: 'playlist', status: playlist?.status ?? 0 });
    const text = playlist.body.toString();
    if (text.includes('#EXT-X-ENDLIST')) this.ended = true;
    for (const segment of text.match(/seg-\d+\.ts/g) ?? []) {
      if (this.segments.has(`${i}/${segment}`)) continue;
      const got = await requestFrom(from, `${this.api}/live/${this.streamId}/${segment}`).catch(() => undefined);
      if (got?.status === 200) this.segments.add(`${i}/${segment}`);
      else this.errors.push({ at: Date.now(), what: segment, status: got?.status ?? 0 });
    }
  }
}
