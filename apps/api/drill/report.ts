/** One figure a drill measured, as printed. */
interface Figure {
  label: string;
  value: string;
}

/** One promise a drill checked: kept or broken, with what was seen. */
interface Promise_ {
  text: string;
  kept: boolean;
  seen: string;
}

/** What one drill measured and promised (docs/operations.md, "Fault drills"). */
export class DrillReport {
  readonly figures: Figure[] = [];
  readonly promises: Promise_[] = [];

  constructor(readonly name: string) {}

  figure(label: string, value: number | string, unit = ''): void {
    const shown = typeof value === 'number' ? `${Number.isInteger(value) ? value : value.toFixed(2)}${unit}` : value;
    this.figures.push({ label, value: shown });
    log(`  ${this.name}: ${label} = ${shown}`);
  }

  /** Records a promise; returns whether it was kept. */
  promise(text: string, kept: boolean, seen = ''): boolean {
    this.promises.push({ text, kept, seen });
    log(`  ${this.name}: ${kept ? 'kept  ' : 'BROKEN'} ${text}${seen ? ` (${seen})` : ''}`);
    return kept;
  }

  get kept(): boolean {
    return this.promises.every((p) => p.kept);
  }
}

/** Progress on stderr, so stdout holds the report alone. */
export function log(line: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
}

/** The report of every drill: figures, then promises, then one line saying how many kept every promise. */
export function printReports(reports: readonly DrillReport[]): void {
  const out: string[] = [];
  for (const report of reports) {
    out.push(`\n## ${report.name}: ${report.kept ? 'every promise kept' : 'PROMISE BROKEN'}`);
    for (const f of report.figures) out.push(`  ${f.label.padEnd(60)} ${f.value}`);
    for (const p of report.promises) out.push(`  ${p.kept ? 'kept  ' : 'BROKEN'} ${p.text}${p.seen ? ` — ${p.seen}` : ''}`);
  }
  const passed = reports.filter((r) => r.kept).length;
  // Not "N passed, N failed": CI reads that line as the test runner's, and `npm test` printed it already.
  out.push(`\ndrills: ${passed} of ${reports.length} kept every promise${passed < reports.length ? `; broken in ${reports.filter((r) => !r.kept).map((r) => r.name).join(', ')}` : ''}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

/** The q-quantile (0..1) of `values` (nearest rank), or 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it returns a value; undefined after `ms`. */
export async function within<T>(ms: number, probe: () => Promise<T | undefined>, everyMs = 200): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) return undefined;
    await sleep(everyMs);
  }
}

/** Per operation: how many answers had each status (0: none) and the p99 latency, e.g. `GET likes 200×40 503×2 p99 12 ms`. */
export function statusesByOperation(outcomes: readonly { op: string; status: number; ms: number }[]): string {
  const byOp = new Map<string, { statuses: Map<number, number>; ms: number[] }>();
  for (const { op, status, ms } of outcomes) {
    const entry = byOp.get(op) ?? { statuses: new Map<number, number>(), ms: [] };
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    entry.ms.push(ms);
    byOp.set(op, entry);
  }
  return [...byOp]
    .map(([op, { statuses, ms }]) => `${op} ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ')} p99 ${quantile(ms, 0.99)} ms`)
    .join('; ');
}
