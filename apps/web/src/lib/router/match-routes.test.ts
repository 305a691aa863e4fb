import { describe, expect, it } from 'vitest';
import { routes as appRoutes } from '@/app/routes';
import { matchRoutes, type RouteObject } from './match-routes';

const page = (name: string): RouteObject => ({ handle: name });
const nameOf = (pathname: string, routes: RouteObject[] = table) => matchRoutes(routes, pathname)?.at(-1)?.route.handle;

/** The shapes of the app's table: a root layout, a pathless layout, index, nested and catch-all routes. */
const table: RouteObject[] = [
  {
    handle: 'root',
    children: [
      {
        handle: 'boundary',
        children: [
          { index: true, ...page('home') },
          { path: '*', ...page('not found') },
          { path: 'course/:id', ...page('course') },
          { path: 'course/new', ...page('new course') },
          { path: 'course/:id/quizzes/:quizId', ...page('quiz') },
          { path: 'files/*', ...page('files') },
          {
            path: 'admin',
            handle: 'console',
            children: [
              { index: true, ...page('console home') },
              { path: 'courses/:id', ...page('console course') },
            ],
          },
          { handle: 'signed-in layout', children: [{ path: 'dashboard', ...page('dashboard') }] },
        ],
      },
    ],
  },
];

describe('matchRoutes', () => {
  it('finds the page and every layout around it, outermost first', () => {
    const matches = matchRoutes(table, '/admin/courses/rag');
    expect(matches?.map((m) => m.route.handle)).toEqual(['root', 'boundary', 'console', 'console course']);
    // Every match sees the URL's parameters, the layouts too (as in React Router).
    expect(matches?.map((m) => m.params)).toEqual(Array(4).fill({ id: 'rag' }));
    expect(matchRoutes(table, '/dashboard')?.map((m) => m.route.handle)).toEqual([
      'root',
      'boundary',
      'signed-in layout',
      'dashboard',
    ]);
  });

  it('ranks the most specific path first, whatever the order of the table', () => {
    expect(nameOf('/')).toBe('home');
    expect(nameOf('/admin')).toBe('console home');
    expect(nameOf('/course/new')).toBe('new course');
    expect(nameOf('/course/rag')).toBe('course');
    expect(nameOf('/course/rag/quizzes/q1')).toBe('quiz');
    expect(nameOf('/course/rag/reviews')).toBe('not found');
    expect(nameOf('/somewhere/else')).toBe('not found');
    expect(matchRoutes(table, '/files/a/b%20c')?.at(-1)?.params).toEqual({ '*': 'a/b c' });
  });

  it('decodes parameters, ignores case and a trailing slash, and answers null when nothing matches', () => {
    expect(matchRoutes(table, '/course/rag%20from%20scratch')?.at(-1)?.params).toEqual({ id: 'rag from scratch' });
    // A malformed escape is kept as written rather than failing the page.
    expect(matchRoutes(table, '/course/100%')?.at(-1)?.params).toEqual({ id: '100%' });
    expect(nameOf('/COURSE/new/')).toBe('new course');
    expect(matchRoutes([{ path: '/only' }], '/other')).toBeNull();
    // A layout without a path is never a page by itself.
    expect(matchRoutes([{ handle: 'layout', children: [{ path: 'a' }] }], '/')).toBeNull();
  });

  it("matches the app's own route table as the spec's routes expect", () => {
    const deepest = (pathname: string) => matchRoutes(appRoutes, pathname)?.at(-1);
    expect(deepest('/')?.route.index).toBe(true);
    expect(deepest('/course/rag-from-scratch')).toMatchObject({
      route: { path: 'course/:id' },
      params: { id: 'rag-from-scratch' },
    });
    expect(deepest('/course/rag/quizzes/q1')?.params).toEqual({ id: 'rag', quizId: 'q1' });
    expect(deepest('/admin/orders/o1')).toMatchObject({ route: { path: 'orders/:id' }, params: { id: 'o1' } });
    expect(deepest('/dashboard')?.route.path).toBe('dashboard');
    expect(deepest('/no-such-page')?.route.path).toBe('*');
  });
});
