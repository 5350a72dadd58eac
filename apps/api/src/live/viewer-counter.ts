/** A player asking for a playlist: the random id it keeps while it plays, if it sent one, and its address. */
export interface ViewerVisit {
  viewer?: string;
  address: string;
}

/** One stream's viewers, by key, when each was last seen and from which address; and how many ids each address holds. */
interface Room {
  seen: Map<string, { at: number; address: string; isId: boolean }>;
  idsByAddress: Map<string, number>;
}

/**
 * Who watches each stream, counted by playlist requests: a player reloads a live playlist about every segment, so a
 * viewer not seen for `ttlMs` has gone. In memory, per process (docs/live.md, "Serving and viewers").
 *
 * The viewer id is the client's choice, so one address could fill a stream with made-up ids and turn every real
 * viewer away: an address holds at most `idsPerAddress` ids; past them, its players count as one more viewer, the
 * address itself.
 */
export class ViewerCounter {
  private readonly rooms = new Map<string, Room>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxViewers: number,
    private readonly idsPerAddress = 4,
  ) {}

  /** Records the visit on `streamId`; false when it is a new viewer and the stream is full. */
  touch(streamId: string, { viewer, address }: ViewerVisit, now = Date.now()): boolean {
    let room = this.rooms.get(streamId);
    if (!room) this.rooms.set(streamId, (room = { seen: new Map(), idsByAddress: new Map() }));
    this.prune(room, now);
    let key = viewer === undefined ? `address:${address}` : `id:${viewer}`;
    if (viewer !== undefined && !room.seen.has(key) && (room.idsByAddress.get(address) ?? 0) >= this.idsPerAddress) key = `address:${address}`;
    const known = room.seen.get(key);
    if (!known && room.seen.size >= this.maxViewers) return false;
    const isId = key.startsWith('id:');
    if (known?.isId) this.countId(room, known.address, -1);
    if (isId) this.countId(room, address, 1);
    room.seen.set(key, { at: now, address, isId });
    return true;
  }

  count(streamId: string, now = Date.now()): number {
    const room = this.rooms.get(streamId);
    if (!room) return 0;
    this.prune(room, now);
    if (room.seen.size === 0) this.rooms.delete(streamId);
    return room.seen.size;
  }

  forget(streamId: string): void {
    this.rooms.delete(streamId);
  }

  private prune(room: Room, now: number): void {
    for (const [key, { at, address, isId }] of room.seen) {
      if (now - at <= this.ttlMs) continue;
      room.seen.delete(key);
      if (isId) this.countId(room, address, -1);
    }
  }

  private countId(room: Room, address: string, delta: number): void {
    const count = (room.idsByAddress.get(address) ?? 0) + delta;
    if (count > 0) room.idsByAddress.set(address, count);
    else room.idsByAddress.delete(address);
  }
}
