import { vi } from 'vitest';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * For component tests: answers the app's API calls (`METHOD /api/v1/path`) from a table instead of a server,
 * and records them. Unknown calls fail the test loudly. Browser tests run against the real API.
 */
export function stubApi(table: Record<string, Handler>) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.href);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    const handler = table[key];
    if (!handler) throw new Error(`unexpected API call: ${key}`);
    return handler(init);
  });
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A response that never comes (the session stays unknown). */
export const never = () => new Promise<Response>(() => {});
