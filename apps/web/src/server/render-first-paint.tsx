// The server's first paint (built by `vite build --ssr` into dist-ssr/, loaded by the API's web plugin): a
// public page drawn to HTML with the data it shows above the fold, so a visitor sees it before the app's
// JavaScript has loaded. The browser then hydrates it with the same data (main.tsx).

import { routes as apiRoutes } from '@kaushal/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { type FirstPaintEntry, serializeFirstPaintData } from '@/app/first-paint/first-paint-data';
import { firstPaintQueries } from '@/app/first-paint/first-paint-queries';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';
import { sessionQueryKey } from '@/lib/session/session-query';

export { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_DATA_ID } from '@/app/first-paint/first-paint-data';

/** A GET of the API on behalf of the page's visitor (their cookie, their address). */
export type ApiFetch = (path: string) => Promise<{ status: number; body: unknown }>;

export interface FirstPaint {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The data it was drawn with, serialized for a `<script type="application/json">`. */
  data: string;
}

/** Draws the page at `url` (path and query), or null when the page is drawn only in the browser. */
export async function renderFirstPaint(url: string, fetchApi: ApiFetch): Promise<FirstPaint | null> {
  const location = new URL(url, 'http://first-paint.invalid');
  const queries = firstPaintQueries(location.pathname, location.searchParams);
  if (!queries) return null;

  const queryClient = createQueryClient();
  const [session, ...results] = await Promise.all([
    fetchApi(apiRoutes.authMe),
    ...queries.map((query) => (query.meta?.apiPath ? fetchApi(query.meta.apiPath) : null)),
  ]);
  // Signed in or not is known for sure only from a 200 or a 401; anything else leaves the header to the browser.
  if (session?.status === 200) queryClient.setQueryData(sessionQueryKey, session.body);
  else if (session?.status === 401) queryClient.setQueryData(sessionQueryKey, null);
  queries.forEach((query, index) => {
    const result = results[index];
    if (result?.status === 200) queryClient.setQueryData(query.queryKey, result.body);
  });

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(location.href));
  // A redirect or a thrown response: let the browser's router deal with it.
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The same tree as main.tsx renders, so the browser can hydrate this markup.
  const html = renderToString(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const entries: FirstPaintEntry[] = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
  queryClient.clear();
  return { html, data: serializeFirstPaintData(entries) };
}
