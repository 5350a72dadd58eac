import type { Metrics } from '../core/metrics/metrics';
import { type ByteRange, MediaStorage, type PutOptions, type StoredEntry, type StoredObject } from './media-storage';

const OPERATIONS = ['put', 'move_in', 'get', 'size', 'delete', 'list', 'check'] as const;
type Operation = (typeof OPERATIONS)[number];

/**
 * The configured store, each operation counted by kind and result and timed (docs/metrics.md, "Storage"): what an
 * operator reads to see the bucket slow down or fail before users say so.
 */
export class MeteredMediaStorage extends MediaStorage {
  constructor(
    private readonly store: MediaStorage,
    private readonly metrics: Metrics,
  ) {
    super();
    // Each operation's error series exists from the start at 0: an alert sees the first error as an increase.
    for (const operation of OPERATIONS) metrics.storageOperations.inc({ operation, result: 'error' }, 0);
  }

  put(key: string, data: Buffer | string, options?: PutOptions): Promise<void> {
    return this.measure('put', () => this.store.put(key, data, options));
  }

  moveIn(key: string, file: string, options?: PutOptions): Promise<void> {
    return this.measure('move_in', () => this.store.moveIn(key, file, options));
  }

  get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    return this.measure('get', () => this.store.get(key, range));
  }

  size(key: string): Promise<number | undefined> {
    return this.measure('size', () => this.store.size(key));
  }

  remove(key: string): Promise<void> {
    return this.measure('delete', () => this.store.remove(key));
  }

  /** Counted once per listing, as it ends (or fails). */
  async *list(prefix: string): AsyncIterable<StoredEntry> {
    const started = process.hrtime.bigint();
    try {
      yield* this.store.list(prefix);
      this.count('list', 'ok', started);
    } catch (e) {
      this.count('list', 'error', started);
      throw e;
    }
  }

  check(): Promise<void> {
    return this.measure('check', () => this.store.check());
  }

  /** Not counted: signing is computed here, the store is not asked. */
  override presignedGet(key: string, seconds: number): Promise<string | undefined> {
    return this.store.presignedGet(key, seconds);
  }

  private async measure<T>(operation: Operation, call: () => Promise<T>): Promise<T> {
    const started = process.hrtime.bigint();
    try {
      const result = await call();
      this.count(operation, result === undefined && (operation === 'get' || operation === 'size') ? 'missing' : 'ok', started);
      return result;
    } catch (e) {
      this.count(operation, 'error', started);
      throw e;
    }
  }

  private count(operation: Operation, result: 'ok' | 'missing' | 'error', started: bigint): void {
    this.metrics.storageOperations.inc({ operation, result });
    this.metrics.storageSeconds.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
  }
}
