import type { DataTag } from '@tanstack/react-query';
import type { Params } from '@/lib/router';

// What a route of the route table (app/routes.tsx) declares in its `handle` about its server-drawn first
// paint: the queries whose data the page shows above the fold, and the page's head. The server's first paint
// (server/render-first-paint.tsx) matches a URL against the route table and reads these; a route without
// them is drawn only in the browser (signed-in pages, forms, the not-found page).

/** A query the server can fetch for a page: its key, and the API path it reads (`meta.apiPath`). */
export interface FirstPaintQuery {
  queryKey: readonly unknown[];
  meta?: { apiPath?: string };
}

/** The URL a route matched: its path params and its search params. */
export interface FirstPaintMatch {
  params: Params;
  searchParams: URLSearchParams;
}

/** A page's head for crawlers and link previews, which run no JavaScript. */
export interface PageHead {
  /** The page's name: the document title is `<title> | <product name>` (lib/use-page-title). */
  title: string;
  description: string;
  /** The page's canonical path (a canonical link and og:url, made absolute against the public URL). */
  path?: string;
  /** Open Graph and Twitter card tags: how a shared link shows. */
  openGraph?: {
    title: string;
    image?: string | null;
    /** A picture drawn for previews (1200 x 630): shown large (`summary_large_image`), its size given. */
    imageSize?: { width: number; height: number };
  };
}

type DataOf<Q> = Q extends { queryKey: DataTag<unknown, infer Data, unknown> } ? Data : unknown;

/** The answers of a route's first-paint queries, in their order; undefined where the API did not answer 200. */
export type FirstPaintData<Q extends readonly FirstPaintQuery[]> = { [K in keyof Q]: DataOf<Q[K]> | undefined };

export interface RouteFirstPaint<Q extends readonly FirstPaintQuery[] = readonly FirstPaintQuery[]> {
  /** The queries the page's first paint needs. */
  queries(match: FirstPaintMatch): Q;
  /** The page's head, from the data it fetched; null (or no function) keeps index.html's default head. */
  head?(data: FirstPaintData<Q>, match: FirstPaintMatch): PageHead | null | undefined;
}

/** The `handle` of a route in app/routes.tsx. */
export interface RouteHandle {
  firstPaint?: RouteFirstPaint;
}

/** A route handle declaring a server-drawn first paint; `head` gets the queries' answers, typed. */
export function firstPaint<const Q extends readonly FirstPaintQuery[]>(declared: RouteFirstPaint<Q>): RouteHandle {
  return { firstPaint: declared as unknown as RouteFirstPaint };
}

/** A public page with nothing to fetch and nothing to type into: a first paint the app replaces loses no input. */
export const staticFirstPaint: RouteHandle = firstPaint({ queries: () => [] });

/** The first paint the matched route declares (the deepest match is the page), or undefined when it has none. */
export function routeFirstPaint(matches: readonly { route: { handle?: unknown } }[] | null) {
  return (matches?.at(-1)?.route.handle as RouteHandle | undefined)?.firstPaint;
}
