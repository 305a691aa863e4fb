import type { AdminMe } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';
import { json } from '@/lib/session/testing';

/** Test helpers for console pages: a fake API that records what was asked, and a page under the console's outlet. */

export interface ConsoleCall {
  /** 'POST /admin/refunds/r1/decision' (under /api/v1, without the query). */
  key: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ConsoleCall) => Response | Promise<Response>;

/** Answers 'METHOD /path' (path under /api/v1) from the table; an unknown call fails the test loudly. */
export function stubConsoleApi(table: Record<string, Handler>) {
  const calls: ConsoleCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.href);
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}`;
    const call = {
      key,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = table[key];
    if (!handler) throw new Error(`unexpected API call: ${key}`);
    return handler(call);
  });
  return {
    calls,
    /** The bodies sent to one endpoint, in order. */
    sent: (key: string) => calls.filter((call) => call.key === key).map((call) => call.body),
  };
}

export { json };

export const adminMe: AdminMe = { roles: ['admin'], instructorOf: [] };
export const supportMe: AdminMe = { roles: ['support'], instructorOf: [] };

/** Renders a console page at `path` (matched by `route` under /admin), as the console layout would give it `me`. */
export function renderConsolePage(
  page: ReactNode,
  { route, path, me = adminMe }: { route: string; path: string; me?: AdminMe },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada Admin',
    avatarUrl: null,
    roles: me.roles,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <Outlet context={me} />,
        children: [
          { path: route, element: page },
          { path: '*', element: <p>Another console page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
