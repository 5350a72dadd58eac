/**
 * Whether to ask the provider at all: after `failures` failures in a row within `windowMs`, it is skipped (the built-in
 * generator stands in) for `openMs`; then the next request tries it again. One per process.
 */
export class ProviderCircuit {
  private streak: number[] = [];
  private openUntil = 0;

  constructor(
    private readonly failures = 3,
    private readonly windowMs = 5 * 60_000,
    private readonly openMs = 10 * 60_000,
  ) {}

  isOpen(now = Date.now()): boolean {
    return now < this.openUntil;
  }

  /** When it closes again, while it is open. */
  reopensAt(now = Date.now()): Date | null {
    return this.isOpen(now) ? new Date(this.openUntil) : null;
  }

  succeeded(): void {
    this.streak = [];
    this.openUntil = 0;
  }

  failed(now = Date.now()): void {
    this.streak = [...this.streak.filter((t) => now - t < this.windowMs), now];
    if (this.streak.length >= this.failures) {
      this.openUntil = now + this.openMs;
      this.streak = [];
    }
  }
}
