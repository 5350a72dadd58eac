/** A player asking for a playlist: the random id it keeps while it plays, if it sent one, and its address. */
export interface ViewerVisit {
  viewer?: string;
  address: string;
}

/** A viewer this process saw: its stream, its key (an id or an address) and when. */
export interface SeenViewer {
  streamId: string;
  key: string;
  at: number;
}

/** One stream's viewers, by key, when each was last seen and from which address; and how many ids each address holds. */
interface Room {
  seen: Map<string, { at: number; address: string; isId: boolean }>;
  idsByAddress: Map<string, number>;
  /** Keys seen since they were last handed to the other processes. */
  touched: Set<string>;
  /** Keys new here that the last count of every process could not include yet; `syncing` while it is being made. */
  fresh: Set<string>;
  syncing: Set<string>;
}

/**
 * Who watches each stream, counted by playlist requests: a player reloads a live playlist about every segment, so a
 * viewer not seen for `ttlMs` has gone (docs/live.md, "Serving and viewers").
 *
 * Players behind a balancer reach every API process, so the count and the cap are every process's: each process
 * hands the viewers it saw to the others (`takeTouched`, through the database) and takes back the count of them all
 * (`setCounts`); in between, the viewers new here are added to that count.
 *
 * The viewer id is the client's choice, so one address could fill a stream with made-up ids and turn every real
 * viewer away: an address holds at most `idsPerAddress` ids in a process; past them, its players count as one more
 * viewer, the address itself.
 */
export class ViewerCounter {
  private readonly rooms = new Map<string, Room>();
  /** Every process's viewers per stream at the last count. */
  private counts = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxViewers: number,
    private readonly idsPerAddress = 4,
  ) {}

  /** Records the visit on `streamId`; false when it is a new viewer and the stream is full. */
  touch(streamId: string, { viewer, address }: ViewerVisit, now = Date.now()): boolean {
    let room = this.rooms.get(streamId);
    if (!room) this.rooms.set(streamId, (room = { seen: new Map(), idsByAddress: new Map(), touched: new Set(), fresh: new Set(), syncing: new Set() }));
    this.prune(room, now);
    let key = viewer === undefined ? `address:${address}` : `id:${viewer}`;
    if (viewer !== undefined && !room.seen.has(key) && (room.idsByAddress.get(address) ?? 0) >= this.idsPerAddress) key = `address:${address}`;
    const known = room.seen.get(key);
    if (!known && this.total(streamId, room) >= this.maxViewers) return false;
    const isId = key.startsWith('id:');
    if (known?.isId) this.countId(room, known.address, -1);
    if (isId) this.countId(room, address, 1);
    room.seen.set(key, { at: now, address, isId });
    room.touched.add(key);
    if (!known) room.fresh.add(key);
    return true;
  }

  count(streamId: string, now = Date.now()): number {
    const room = this.rooms.get(streamId);
    if (!room) return this.counts.get(streamId) ?? 0;
    this.prune(room, now);
    const total = this.total(streamId, room);
    if (room.seen.size === 0 && room.touched.size === 0) this.rooms.delete(streamId);
    return total;
  }

  /** Viewers this process itself saw (not yet gone), over every stream: its own share, not the cluster's count. */
  seenHere(now = Date.now()): number {
    let seen = 0;
    for (const room of this.rooms.values()) {
      this.prune(room, now);
      seen += room.seen.size;
    }
    return seen;
  }

  forget(streamId: string): void {
    this.rooms.delete(streamId);
    this.counts.delete(streamId);
  }

  /** The viewers seen since the last call, for the other processes; those new here count as syncing until `setCounts`. */
  takeTouched(): SeenViewer[] {
    const seen: SeenViewer[] = [];
    for (const [streamId, room] of this.rooms) {
      for (const key of room.touched) {
        const visit = room.seen.get(key);
        if (visit) seen.push({ streamId, key, at: visit.at });
      }
      room.touched.clear();
      for (const key of room.fresh) room.syncing.add(key);
      room.fresh.clear();
    }
    return seen;
  }

  /** Every process's viewers per stream, counted after this process's last `takeTouched` was recorded. */
  setCounts(counts: Map<string, number>): void {
    this.counts = counts;
    for (const room of this.rooms.values()) room.syncing.clear();
  }

  /** The last `takeTouched` never reached the other processes: its new viewers count as new here again. */
  syncFailed(): void {
    for (const room of this.rooms.values()) {
      for (const key of room.syncing) room.fresh.add(key);
      room.syncing.clear();
    }
  }

  /** This process's viewers, or every process's at the last count plus those new here since, whichever is more. */
  private total(streamId: string, room: Room): number {
    return Math.max(room.seen.size, (this.counts.get(streamId) ?? 0) + room.fresh.size + room.syncing.size);
  }

  private prune(room: Room, now: number): void {
    for (const [key, { at, address, isId }] of room.seen) {
      if (now - at <= this.ttlMs) continue;
      room.seen.delete(key);
      room.fresh.delete(key);
      room.syncing.delete(key);
      if (isId) this.countId(room, address, -1);
    }
  }

  private countId(room: Room, address: string, delta: number): void {
    const count = (room.idsByAddress.get(address) ?? 0) + delta;
    if (count > 0) room.idsByAddress.set(address, count);
    else room.idsByAddress.delete(address);
  }
}
