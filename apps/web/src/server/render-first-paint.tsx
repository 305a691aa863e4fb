// The server's first paint (built by `vite build --ssr` into dist-ssr/, loaded by the API's web plugin): a
// public page drawn to HTML with the data it shows above the fold, so a visitor sees it before the app's
// JavaScript has loaded. The browser then hydrates it with the same data (main.tsx).

import { DEFAULT_LANGUAGE, endpoints, type FirstPaintModule, isLanguage } from '@kaushal/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { type FirstPaintEntry, serializeFirstPaintData } from '@/app/first-paint/first-paint-data';
import { routeFirstPaint } from '@/app/first-paint/route-first-paint';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { callPath } from '@/lib/api-client';
import { loadLanguage, switchToLoadedLanguage } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { createMemoryRouter, matchRoutes, RouterProvider, routerReady } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session/session-query';
import { renderHead } from './render-head';

export { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_DATA_ID } from '@/app/first-paint/first-paint-data';

// This module's interface is FirstPaintModule (packages/contract/src/first-paint.ts), what the API loads.

/**
 * Draws the page at `url` (path and query) as its route in app/routes.tsx declares (its `handle`): with the
 * data of the queries it names, and with its head. Null when the route declares no first paint: the page is
 * drawn only in the browser.
 */
export const renderFirstPaint: FirstPaintModule['renderFirstPaint'] = async (url, fetchApi, options) => {
  const { publicUrl } = options;
  const language = isLanguage(options.language) ? options.language : DEFAULT_LANGUAGE;
  const location = new URL(url, 'http://first-paint.invalid');
  const matches = matchRoutes(routes, location.pathname);
  const firstPaint = routeFirstPaint(matches);
  const params = matches?.at(-1)?.params;
  if (!firstPaint || !params) return null;
  const match = { params, searchParams: location.searchParams };
  const queries = firstPaint.queries(match);

  const queryClient = createQueryClient();
  const [session, ...results] = await Promise.all([
    fetchApi(callPath(endpoints.authMe)),
    ...queries.map((query) => (query.meta?.apiPath ? fetchApi(query.meta.apiPath) : null)),
  ]);
  // Signed in or not is known for sure only from a 200 or a 401; anything else leaves the header to the browser.
  if (session?.status === 200) queryClient.setQueryData(sessionQueryKey, session.body);
  else if (session?.status === 401) queryClient.setQueryData(sessionQueryKey, null);
  const data = queries.map((query, index) => {
    const result = results[index];
    if (result?.status !== 200) return undefined;
    queryClient.setQueryData(query.queryKey, result.body);
    return result.body;
  });
  const router = createMemoryRouter(routes, { initialEntries: [location.pathname + location.search] });
  await Promise.all([routerReady(router), loadLanguage(language)]);
  router.dispose();
  // The page's code failed to load: let the browser's router deal with it.
  if (router.state.error) return null;
  // From here to the end nothing waits: pages drawn at the same time in other languages cannot interleave.
  switchToLoadedLanguage(language);
  const head = firstPaint.head?.(data, match);
  // The same tree as main.tsx renders, so the browser can hydrate this markup.
  const html = renderToString(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  const entries: FirstPaintEntry[] = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
  queryClient.clear();
  return { html, data: serializeFirstPaintData(entries), head: head ? renderHead(head, publicUrl) : '' };
};
