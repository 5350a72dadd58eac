import type { Response } from 'express';

/**
 * A JSON answer serialized once (docs/request-path.md): its bytes, and its ETag once the first answer has computed it.
 * A handler returns one instead of the value when the same value is asked for again and again (the station list);
 * ApiExpressAdapter sends it as `res.json` would have sent the value, byte for byte and header for header (the same
 * Content-Type, Content-Length and ETag, a 304 for a matching If-None-Match, no body on HEAD, compressed on the way
 * out like any answer), without serializing and hashing it again.
 */
export class PreparedJson<T = unknown> {
  readonly body: Buffer;
  /** Computed with the app's own ETag function (Express's weak one unless set otherwise), on the first answer. */
  private etag?: string | false;

  constructor(readonly value: T) {
    this.body = Buffer.from(JSON.stringify(value));
  }

  send(res: Response): void {
    if (this.etag === undefined) {
      const etagOf = res.app.get('etag fn') as ((body: Buffer, encoding?: string) => string) | undefined;
      this.etag = typeof etagOf === 'function' ? etagOf(this.body) : false;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // Express's send() computes no ETag of its own when the answer has one already.
    if (this.etag) res.setHeader('ETag', this.etag);
    res.send(this.body);
  }
}

/**
 * The PreparedJson of each of the last `max` keys (a query, say), kept while the inputs it was made from stay the same:
 * each one the same (Object.is) as when it was made. The inputs are whatever the value is derived from (a list read
 * from the database, the live counts in it), so that a change to any of them makes the next answer afresh.
 */
export class PreparedJsonCache {
  private readonly entries = new Map<string, { inputs: readonly unknown[]; prepared: PreparedJson }>();

  constructor(private readonly max = 64) {}

  get<T>(key: string, inputs: readonly unknown[], make: () => T): PreparedJson<T> {
    const entry = this.entries.get(key);
    if (entry && sameInputs(entry.inputs, inputs)) {
      // Most recently used last: the first entry is the one to drop when full.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.prepared as PreparedJson<T>;
    }
    const prepared = new PreparedJson(make());
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { inputs, prepared });
    return prepared;
  }
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
