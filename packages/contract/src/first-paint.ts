// The web app's server bundle as the API loads it: apps/web/src/server/render-first-paint.tsx implements it
// (built by `vite build --ssr` into apps/web/dist-ssr/), apps/api/src/plugins/web-first-paint.ts imports the
// built file at run time. Types only, declared here because this package is the one both apps already build
// against: neither app's type check has to read the other's source (JSX, DOM, `@/` paths), and the API never
// imports web code, only the built file.

/** A GET of the API on behalf of the page's visitor (their cookie, their address); `path` is under the API prefix. */
export type FirstPaintApiFetch = (path: string) => Promise<{ status: number; body: unknown }>;

export interface FirstPaintOptions {
  /** The public origin (PUBLIC_URL): the links of a page's head (canonical, og:url, og:image) are absolute. */
  publicUrl: string;
  /** The visitor's interface language (docs/decisions/030): the page is drawn in it. English when absent. */
  language?: string;
}

/** A public page drawn on the server. */
export interface FirstPaint {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The data it was drawn with, serialized for a `<script type="application/json">`. */
  data: string;
  /**
   * The page's own head as escaped HTML: its `<title>`, `<meta name="description">` and link-preview tags,
   * which replace index.html's default title and description. Empty: the page keeps index.html's head.
   */
  head: string;
}

export interface FirstPaintModule {
  /** The id of the `<script type="application/json">` that carries `FirstPaint.data`. */
  FIRST_PAINT_DATA_ID: string;
  /** The attribute on `<div id="root">` while it holds drawn markup the app has not hydrated yet. */
  FIRST_PAINT_ATTRIBUTE: string;
  /**
   * Draws the page at `url` (path and query) as its route in the web app's route table declares, or null
   * when that page is drawn only in the browser (signed-in pages, forms, unknown paths).
   */
  renderFirstPaint(url: string, fetchApi: FirstPaintApiFetch, options: FirstPaintOptions): Promise<FirstPaint | null>;
}
