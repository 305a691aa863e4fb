import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The full path as registered, e.g. /api/v1/courses/:id or /api/v1/media/*. */
  url: string;
}

/** One line of Fastify's route tree: `│   ├── v1/ (GET, HEAD)`: the branch depth, the path piece, the methods. */
const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the app answers, read from `app.printRoutes()` (Fastify has no public route list). The tree
 * is a radix tree: a route's path is the concatenation of the pieces on its branch.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`unexpected line in the route tree: ${JSON.stringify(line)}`);
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const methods = match[3];
    if (!methods) continue;
    const url = stack.join('');
    for (const method of methods.split(', ')) found.push({ method, url });
  }
  return found;
}

export const routeKey = (route: RegisteredRoute) => `${route.method} ${route.url}`;
