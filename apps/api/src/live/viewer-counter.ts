/**
 * Who watches each stream, counted by playlist requests: a player reloads a live playlist about every segment, so a
 * viewer not seen for `ttlMs` has gone. In memory, per process (docs/live.md, "Viewers").
 */
export class ViewerCounter {
  private readonly seen = new Map<string, Map<string, number>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxViewers: number,
  ) {}

  /** Records `viewer` on `streamId`; false when it is a new viewer and the stream is full. */
  touch(streamId: string, viewer: string, now = Date.now()): boolean {
    let viewers = this.seen.get(streamId);
    if (!viewers) this.seen.set(streamId, (viewers = new Map()));
    this.prune(viewers, now);
    if (!viewers.has(viewer) && viewers.size >= this.maxViewers) return false;
    viewers.set(viewer, now);
    return true;
  }

  count(streamId: string, now = Date.now()): number {
    const viewers = this.seen.get(streamId);
    if (!viewers) return 0;
    this.prune(viewers, now);
    if (viewers.size === 0) this.seen.delete(streamId);
    return viewers.size;
  }

  forget(streamId: string): void {
    this.seen.delete(streamId);
  }

  private prune(viewers: Map<string, number>, now: number): void {
    for (const [viewer, at] of viewers) if (now - at > this.ttlMs) viewers.delete(viewer);
  }
}
