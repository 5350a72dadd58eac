import type { KeyAccount, KeyTake, RateLimitStore } from '../repositories/rate-limit-store';

/** Requests one statement answers at most; more wait for the next. */
const BATCH_MAX = 128;

interface Waiter {
  failuresKey: string;
  resolve: (take: KeyTake) => void;
  reject: (error: unknown) => void;
}

/**
 * Concurrent takes of one API key in one statement (docs/request-path.md, step 8). While a take of a key is under way
 * in this process, the key's next requests wait, and are then taken together in one call (RateLimitStore.takeWithKey),
 * in the order they came, as if one after another: each hears its own answer (its address's failed keys, the key, its
 * take, admitted or refused). PostgreSQL updates the account's row once for all of them, and they do not queue on its
 * lock; across processes the row's lock still puts each statement after the other, so the plan stays exact.
 * A failed call fails every request it carried; the requests that came meanwhile are tried in the next call.
 */
export class KeyTakeBatches {
  /** Per key and account (with its plan): present while a call is due or under way, with the requests waiting for it. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(
    private readonly store: RateLimitStore,
    private readonly failuresLimit: number,
  ) {}

  /** The request's answer, from `failuresKey` (its address's failed-key window) and the key of `hash`. */
  take(failuresKey: string, hash: string, account: KeyAccount | undefined): Promise<KeyTake> {
    const id = account ? `${hash} ${account.id} ${account.intervalSeconds} ${account.burst} ${account.monthLimit}` : hash;
    return new Promise<KeyTake>((resolve, reject) => {
      const waiter = { failuresKey, resolve, reject };
      const queue = this.waiting.get(id);
      if (queue) queue.push(waiter);
      else {
        this.waiting.set(id, [waiter]);
        // The first call waits for the end of this turn of the event loop: the key's other requests read from the
        // sockets in the same turn go with it, rather than one alone and the rest after it.
        setImmediate(() => void this.run(id, hash, account));
      }
    });
  }

  /**
   * Calls until no request of the key is waiting; every waiter is answered or rejected. The next call is sent before
   * the answers of the last are handed out, so PostgreSQL works on it while this process writes those answers.
   */
  private async run(id: string, hash: string, account: KeyAccount | undefined): Promise<void> {
    const queue = this.waiting.get(id) as Waiter[];
    const call = (batch: Waiter[]) =>
      this.store.takeWithKey(
        batch.map((w) => w.failuresKey),
        this.failuresLimit,
        hash,
        account,
      ).then(
        (answers) => ({ answers, error: undefined }),
        (error: unknown) => ({ answers: undefined, error }),
      );
    let batch = queue.splice(0, BATCH_MAX);
    let under = call(batch);
    while (batch.length) {
      const { answers, error } = await under;
      const done = batch;
      batch = queue.splice(0, BATCH_MAX);
      if (batch.length) under = call(batch);
      if (answers) done.forEach((w, i) => w.resolve(answers[i]));
      else for (const w of done) w.reject(error);
    }
    this.waiting.delete(id);
  }
}
