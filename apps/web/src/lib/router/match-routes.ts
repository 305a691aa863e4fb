import type { ComponentType, ReactNode } from 'react';

// Which routes of a route table a URL path matches, outermost first (decision 052). The ranking is React
// Router's: among the routes that match, the one whose path is most specific wins (static segments over
// parameters over a splat), whatever their order in the table.

/** A route of the route table (app/routes.tsx): React Router's route object, the parts this app uses. */
export interface RouteObject {
  /** Relative to the parent's path unless it starts with "/"; `:name` is a parameter, a final `*` the rest. */
  path?: string;
  /** The parent's page at the parent's own path. */
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  /** Loads the route's component when the route is first visited (route-level code splitting). */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Drawn in place of this route's element when it, or a route inside it, fails to load or to render. */
  errorElement?: ReactNode;
  /** Drawn while the first page's code loads, before the router is ready. */
  HydrateFallback?: ComponentType;
  /** Whatever the app declares about the route (app/first-paint reads it on the server). */
  handle?: unknown;
  children?: RouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  route: RouteObject;
  /** All the URL's parameters, as in React Router: a layout sees its page's too. */
  params: Params;
}

interface Branch {
  path: string;
  score: number;
  routes: RouteObject[];
}

const joinPaths = (...paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');
const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** React Router's ranking: a segment 1, plus 10 if static, 3 if a parameter; a splat -2; an index route +2. */
function scoreOf(path: string, index: boolean | undefined) {
  const segments = path.split('/');
  let score = segments.length + (index ? 2 : 0) + (segments.includes('*') ? -2 : 0);
  for (const segment of segments) {
    if (segment !== '*') score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** Every route that can be the deepest match, with its whole path and the chain of routes leading to it. */
function branchesOf(routes: readonly RouteObject[], parentPath = '', parents: RouteObject[] = []): Branch[] {
  const branches: Branch[] = [];
  for (const route of routes) {
    const path = route.path?.startsWith('/') ? route.path : joinPaths(parentPath, route.path ?? '');
    const chain = [...parents, route];
    if (route.children?.length) branches.push(...branchesOf(route.children, path, chain));
    // A layout without a path of its own is never the page: only its children are.
    if (route.path !== undefined || route.index) {
      branches.push({ path, score: scoreOf(path, route.index), routes: chain });
    }
  }
  return branches;
}

const ranked = new WeakMap<readonly RouteObject[], Branch[]>();

function rankedBranches(routes: readonly RouteObject[]) {
  let branches = ranked.get(routes);
  if (!branches) {
    // Stable: equal scores keep the table's order.
    branches = branchesOf(routes).sort((a, b) => b.score - a.score);
    ranked.set(routes, branches);
  }
  return branches;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The parameters of `pathname` against `pattern` (case-insensitive, a trailing slash ignored), or null. */
function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i++) {
    const segment = expected[i] as string;
    if (segment === '*') {
      params['*'] = actual.slice(i).map(decode).join('/');
      return params;
    }
    const value = actual[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(value);
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return actual.length === expected.length ? params : null;
}

/** The routes `pathname` matches, outermost first; null when none does. */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  for (const branch of rankedBranches(routes)) {
    const params = matchPattern(branch.path, pathname);
    if (!params) continue;
    return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
