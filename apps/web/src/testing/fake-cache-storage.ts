/** An in-memory Cache API (CacheStorage and Cache) for unit tests: jsdom and Node have none. */
interface Entry {
  body: Blob;
  status: number;
  headers: Headers;
}

const base = () => (typeof location === 'undefined' ? 'http://localhost' : location.origin);
const keyOf = (request: RequestInfo | URL) => new URL(typeof request === 'string' || request instanceof URL ? request : request.url, base()).href;

export class FakeCache {
  readonly entries = new Map<string, Entry>();
  /** Set to make the next put fail as a full disk does. */
  full = false;

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.entries.set(keyOf(request), { body: await response.blob(), status: response.status, headers: new Headers(response.headers) });
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const entry = this.entries.get(keyOf(request));
    return entry ? new Response(entry.body, { status: entry.status, headers: entry.headers }) : undefined;
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new FakeCache()));
    return cache;
  }
}

/** Installs a fresh fake as the global `caches`; returns it. */
export function installFakeCaches(): FakeCacheStorage {
  const storage = new FakeCacheStorage();
  Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true, writable: true });
  return storage;
}
