import type { FastifyReply } from 'fastify';
import { weakEtagOf } from './answer-etag';

/**
 * A JSON answer serialized once (docs/request-path.md): its bytes, and its ETag once the first answer has computed it.
 * A handler returns one instead of the value when the same value is asked for again and again (the station list);
 * ApiFastifyAdapter sends it as the value itself would have been sent, byte for byte and header for header (the same
 * Content-Type, Content-Length and ETag, a 304 for a matching If-None-Match, no body on HEAD, compressed on the way
 * out like any answer: answer-etag.ts), without serializing and hashing it again.
 */
export class PreparedJson<T = unknown> {
  readonly body: Buffer;
  /** The same weak ETag every other answer gets (answer-etag.ts), computed on the first answer. */
  private etag?: string;

  constructor(readonly value: T) {
    this.body = Buffer.from(JSON.stringify(value));
  }

  send(reply: FastifyReply): FastifyReply {
    this.etag ??= weakEtagOf(this.body);
    // The ETag hook computes none of its own when the answer has one already.
    return reply.header('Content-Type', 'application/json; charset=utf-8').header('ETag', this.etag).send(this.body);
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
