import type { QueryClient } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` that carries the first paint's data to the browser. */
export const FIRST_PAINT_DATA_ID = 'first-paint-data';

/**
 * On `<div id="root">` while it holds the server's markup and the app has not yet hydrated it: its buttons
 * and form controls take no clicks until then (index.css), rather than swallowing them.
 */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

export interface FirstPaintEntry {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * JSON safe inside a script element: `<`, `>` and `&` escaped, so text from learners (a name) or operators
 * (a course description) can never close the element or open markup.
 */
export function serializeFirstPaintData(entries: readonly FirstPaintEntry[]): string {
  return JSON.stringify(entries).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Puts the data the server drew the page with into the query cache before the first render, so the app's
 * first render shows exactly what the HTML showed, and can hydrate it. False when the page carries no first
 * paint (or a malformed one): the app then renders from scratch and its queries fetch as usual.
 */
export function seedFirstPaintData(queryClient: QueryClient, doc: Document = document): boolean {
  const text = doc.getElementById(FIRST_PAINT_DATA_ID)?.textContent;
  if (!text) return false;
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return false;
  }
  if (!Array.isArray(entries)) return false;
  for (const entry of entries as FirstPaintEntry[]) {
    if (Array.isArray(entry?.queryKey) && entry.data !== undefined)
      queryClient.setQueryData(entry.queryKey, entry.data);
  }
  return true;
}
