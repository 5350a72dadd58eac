/**
 * Visits every member once per period, a slice at a time: members are dealt round-robin into `slots`
 * slots and one slot is visited every period / slots. Beating every connection at the same instant
 * would send two frames to each of thousands of sockets in one go, and an event published at that moment
 * would wait behind all of them.
 */
export class HeartbeatWheel<T> {
  private readonly slots: Set<T>[];
  private readonly slotOf = new Map<T, number>();
  /** The slot the next tick visits. */
  private cursor = 0;
  /** The slot the next member joins. */
  private dealt = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly periodMs: number,
    slots: number,
    private readonly visit: (member: T) => void,
  ) {
    this.slots = Array.from({ length: slots }, () => new Set<T>());
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.periodMs / this.slots.length);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  add(member: T): void {
    const slot = this.dealt;
    this.dealt = (this.dealt + 1) % this.slots.length;
    this.slots[slot].add(member);
    this.slotOf.set(member, slot);
  }

  delete(member: T): void {
    const slot = this.slotOf.get(member);
    if (slot === undefined) return;
    this.slots[slot].delete(member);
    this.slotOf.delete(member);
  }

  private tick(): void {
    const slot = this.slots[this.cursor];
    this.cursor = (this.cursor + 1) % this.slots.length;
    // A copy: a visit may remove its member (a terminated socket closes and leaves).
    for (const member of [...slot]) this.visit(member);
  }
}
