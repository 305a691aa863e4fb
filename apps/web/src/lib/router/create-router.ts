import type { ComponentType } from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  type History,
  type HistoryAction,
  type Location,
  resolveLocation,
} from './history';
import { matchRoutes, type RouteMatch, type RouteObject } from './match-routes';

// The router (decision 052): the current location, the routes it matches, and navigation. A route's code
// is loaded before the page changes, as React Router's data router does: the old page stays (and the address
// bar keeps its URL) while the next one loads, and a failed load shows the nearest error element.

export interface Navigation {
  state: 'idle' | 'loading';
  /** Where the navigation under way goes. */
  location?: Location;
}

export interface RouterState {
  location: Location;
  /** How the current location was reached: POP for the first page and Back/Forward. */
  action: HistoryAction;
  matches: RouteMatch[];
  navigation: Navigation;
  /** False until the first page's code has loaded. */
  initialized: boolean;
  /** A route whose code failed to load: the index of its match, and the error. */
  error: { index: number; value: unknown } | null;
  /** The navigation asked the page not to scroll to the top (a query parameter changed in place). */
  preventScrollReset: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Render the new page synchronously (React's flushSync), before navigate() resolves. */
  flushSync?: boolean;
  preventScrollReset?: boolean;
}

export type Subscriber = (state: RouterState, options: { flushSync: boolean }) => void;

export interface Router {
  readonly state: RouterState;
  subscribe(subscriber: Subscriber): () => void;
  /** A path ("/courses?page=2", "?q=rag", "#reviews") or a step back (-1) or forward in history. */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  /** The component a lazy route loaded, once it has. */
  componentOf(route: RouteObject): ComponentType | undefined;
  dispose(): void;
}

/** Components of lazy routes, loaded once per route object (shared by every router over the same table). */
const loaded = new WeakMap<RouteObject, ComponentType>();
const loading = new WeakMap<RouteObject, Promise<void>>();

function load(route: RouteObject): Promise<void> {
  let pending = loading.get(route);
  if (!pending && route.lazy) {
    pending = route.lazy().then(
      ({ Component }) => void loaded.set(route, Component),
      (error: unknown) => {
        // A failed load may succeed on the next visit (a network blip), so it is not remembered.
        loading.delete(route);
        throw error;
      },
    );
    loading.set(route, pending);
  }
  return pending ?? Promise.resolve();
}

const needsLoading = (matches: readonly RouteMatch[]) => matches.some(({ route }) => route.lazy && !loaded.has(route));

/** Loads the code of every matched lazy route; the error of the outermost that failed, if one did. */
async function loadMatches(matches: readonly RouteMatch[]): Promise<RouterState['error']> {
  const results = await Promise.allSettled(matches.map(({ route }) => load(route)));
  const index = results.findIndex((result) => result.status === 'rejected');
  const failed = results[index];
  return failed?.status === 'rejected' ? { index, value: failed.reason } : null;
}

export function createRouter(routes: readonly RouteObject[], history: History): Router {
  const subscribers = new Set<Subscriber>();
  const initialMatches = matchRoutes(routes, history.location.pathname) ?? [];
  let state: RouterState = {
    location: history.location,
    action: 'POP',
    matches: initialMatches,
    navigation: { state: 'idle' },
    initialized: !needsLoading(initialMatches),
    error: null,
    preventScrollReset: false,
  };
  /** Counts navigations: one that a later one overtook while loading is dropped. */
  let latest = 0;

  const update = (next: Partial<RouterState>, flushSync = false) => {
    state = { ...state, ...next };
    for (const subscriber of subscribers) subscriber(state, { flushSync });
  };

  async function go(location: Location, action: HistoryAction, options: NavigateOptions = {}) {
    const id = ++latest;
    const matches = matchRoutes(routes, location.pathname) ?? [];
    let error: RouterState['error'] = null;
    if (needsLoading(matches)) {
      update({ navigation: { state: 'loading', location } });
      error = await loadMatches(matches);
      if (id !== latest) return;
    }
    if (action !== 'POP') history.write(location, action);
    update(
      {
        location,
        action,
        matches,
        error,
        navigation: { state: 'idle' },
        initialized: true,
        preventScrollReset: options.preventScrollReset === true,
      },
      options.flushSync,
    );
  }

  const unlisten = history.listen((location) => void go(location, 'POP'));
  if (!state.initialized) void go(state.location, 'POP');

  return {
    get state() {
      return state;
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async navigate(to, options = {}) {
      if (typeof to === 'number') return history.go(to);
      const location = resolveLocation(to, state.location, options.state ?? null);
      await go(location, options.replace ? 'REPLACE' : 'PUSH', options);
    },
    componentOf: (route) => loaded.get(route),
    dispose() {
      unlisten();
      subscribers.clear();
    },
  };
}

export const createBrowserRouter = (routes: RouteObject[]) => createRouter(routes, createBrowserHistory());

export const createMemoryRouter = (
  routes: RouteObject[],
  options: { initialEntries?: string[]; initialIndex?: number } = {},
) => createRouter(routes, createMemoryHistory(options.initialEntries, options.initialIndex));

/** Resolves once the router has loaded the first page's code. */
export function routerReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
