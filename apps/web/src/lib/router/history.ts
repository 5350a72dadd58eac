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

/**
 * A history around a store of entries: `write` records a new or replaced entry (the address bar, or an array), and
 * the returned `pop` reports a location reached by back/forward.
 */
function createHistory(initial: Location, write: (action: 'PUSH' | 'REPLACE', location: Location) => void) {
  const listeners = new Set<() => void>();
  let location = initial;
  let action: NavigationType = 'POP';
  const set = (next: NavigationType, to: Location) => {
    location = to;
    action = next;
    for (const listener of [...listeners]) listener();
  };
  const change = (next: 'PUSH' | 'REPLACE', path: string, state: unknown) => {
    const to = createLocation(path, state, createKey());
    write(next, to);
    set(next, to);
  };
  const history: History = {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (path, state) => change('PUSH', path, state),
    replace: (path, state) => change('REPLACE', path, state),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { history, pop: (to: Location) => set('POP', to) };
}

interface EntryState {
  usr: unknown;
  key: string;
}

/** The browser's history: pushState/replaceState, and back/forward through popstate. */
export function createBrowserHistory(win: Window = window): History {
  const read = (): Location => {
    const entry = win.history.state as Partial<EntryState> | null;
    const { pathname, search, hash } = win.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  const { history, pop } = createHistory(read(), (action, { state, key, ...path }) => {
    const entry: EntryState = { usr: state, key };
    if (action === 'PUSH') win.history.pushState(entry, '', createPath(path));
    else win.history.replaceState(entry, '', createPath(path));
  });
  win.addEventListener('popstate', () => pop(read()));
  return history;
}

/** A history held in memory, starting at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entries = initialEntries.map((path) => createLocation(path, null, createKey()));
  let index = entries.length - 1;
  const { history } = createHistory(entries[index], (action, location) => {
    if (action === 'PUSH') entries.splice(++index, entries.length, location);
    else entries[index] = location;
  });
  return history;
}
