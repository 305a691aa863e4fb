// Where the router keeps its place: the browser's session history, or a list in memory (tests, the server's
// first paint). Each entry carries a key (for scroll positions) and the state a navigation gave it.

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry passed as `state`. */
  state: unknown;
  /** Unique per history entry: "default" for the page the browser first loaded. */
  key: string;
}

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface History {
  readonly location: Location;
  write(location: Location, action: 'PUSH' | 'REPLACE'): void;
  /** Back (-1) or forward; the listener hears of the entry reached. */
  go(delta: number): void;
  listen(listener: (location: Location) => void): () => void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

export const hrefOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  location.pathname + location.search + location.hash;

/**
 * `to` (a path, a path relative to the current one, "?query" or "#hash") as a location, resolved against
 * `from` as a browser resolves a link.
 */
export function resolveLocation(to: string, from: Location, state: unknown = null): Location {
  const base = new URL(`http://router.invalid${from.pathname}${from.search}`);
  const url = new URL(to, base);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: createKey() };
}

interface EntryState {
  usr?: unknown;
  key?: string;
}

export function createBrowserHistory(): History {
  const read = (): Location => {
    const entry = (window.history.state ?? {}) as EntryState;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
  };
  return {
    get location() {
      return read();
    },
    write(location, action) {
      const entry: EntryState = { usr: location.state, key: location.key };
      if (action === 'PUSH') window.history.pushState(entry, '', hrefOf(location));
      else window.history.replaceState(entry, '', hrefOf(location));
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const onPop = () => listener(read());
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
  };
}

export function createMemoryHistory(initialEntries: readonly string[] = ['/'], initialIndex?: number): History {
  const start: Location = { pathname: '/', search: '', hash: '', state: null, key: 'default' };
  const entries = initialEntries.map((href, i) => ({
    ...resolveLocation(href, start),
    key: i === 0 ? 'default' : createKey(),
  }));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return entries[index] as Location;
    },
    write(location, action) {
      if (action === 'PUSH') entries.splice(++index, entries.length, location);
      else entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of listeners) listener(entries[index] as Location);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
