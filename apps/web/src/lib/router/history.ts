/** Where the app is: the parts of the address it routes on, plus what a navigation carried along. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` passed; null otherwise. */
  state: unknown;
  /** Differs for every entry, also for two entries of the same address. */
  key: string;
}

/** How the current location was reached: a new entry, a replaced one, or back/forward (and the first load). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** The history the router follows: the browser's own, or one in memory (tests). */
export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  push(path: string, state?: unknown): void;
  replace(path: string, state?: unknown): void;
  /** Calls `listener` after every change of location; returns the unsubscribe. */
  listen(listener: () => void): () => void;
}

const origin = 'http://router.invalid';

/** The path, search and hash of `to`, resolved against `from` when relative (`../x`, `x`, `?q`, `#a`). */
export function resolvePath(to: string, from = '/'): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, origin + from);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function createPath({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return pathname + search + hash;
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function createLocation(path: string, state: unknown, key: string): Location {
  return { ...resolvePath(path), state: state ?? null, key };
}

class Listeners {
  private readonly listeners = new Set<() => void>();

  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

interface EntryState {
  usr: unknown;
  key: string;
}

/** The browser's history: pushState/replaceState, and back/forward through popstate. */
export function createBrowserHistory(win: Window = window): History {
  const listeners = new Listeners();
  const read = (): Location => {
    const entry = win.history.state as Partial<EntryState> | null;
    const { pathname, search, hash } = win.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let location = read();
  let action: NavigationType = 'POP';
  const change = (next: NavigationType, path: string, state: unknown) => {
    const entry: EntryState = { usr: state ?? null, key: createKey() };
    if (next === 'PUSH') win.history.pushState(entry, '', path);
    else win.history.replaceState(entry, '', path);
    location = read();
    action = next;
    listeners.notify();
  };
  win.addEventListener('popstate', () => {
    location = read();
    action = 'POP';
    listeners.notify();
  });
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (path, state) => change('PUSH', path, state),
    replace: (path, state) => change('REPLACE', path, state),
    listen: (listener) => listeners.add(listener),
  };
}

/** A history held in memory, starting at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const listeners = new Listeners();
  const entries = initialEntries.map((path) => createLocation(path, null, createKey()));
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const change = (next: NavigationType, path: string, state: unknown) => {
    const entry = createLocation(path, state, createKey());
    if (next === 'PUSH') entries.splice(++index, entries.length, entry);
    else entries[index] = entry;
    action = next;
    listeners.notify();
  };
  return {
    get location() {
      return entries[index];
    },
    get action() {
      return action;
    },
    push: (path, state) => change('PUSH', path, state),
    replace: (path, state) => change('REPLACE', path, state),
    listen: (listener) => listeners.add(listener),
  };
}
