import {
  API_PREFIX,
  apiPath,
  type BodyOf,
  type EndpointName,
  type EndpointOf,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@kaushal/contract';

/** The API's origin: VITE_API_URL when the SPA is hosted apart from the API, else the page's own origin. */
export const API_BASE = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

export const apiUrl = (path: string) => `${API_BASE}${API_PREFIX}${path}`;

/** Makes an asset path from the API (thumbnails, media) absolute against the API's origin. */
export const assetUrl = (path: string) => (path?.startsWith('/') ? `${API_BASE}${path}` : path);

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the request never reached the server. */
    readonly status: number,
    readonly code: string,
    /** The server's readable detail, when it sent one. */
    readonly detail: string | undefined,
  ) {
    super(detail ?? `Request failed (${status || code})`);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = (path: string) => void;
let onUnauthorized: UnauthorizedHandler | undefined;

/** The auth feature registers what a 401 means (end the session, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined) {
  onUnauthorized = handler;
}

interface TransportOptions {
  signal?: AbortSignal;
  /** Do not run the 401 handler (the session probe itself, logout). */
  ignoreUnauthorized?: boolean;
  /** The request outlives the page (progress and events sent as it closes). */
  keepalive?: boolean;
}

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a call of endpoint N takes: its path params, query and body as the contract types them. */
export type CallOptions<N extends EndpointName> = Part<'params', ParamsOf<N>> &
  Partial<Part<'query', QueryOf<N>>> &
  Part<'body', BodyOf<N>> &
  TransportOptions;

// The options may be left out when the endpoint needs no params and no body.
type CallArgs<N extends EndpointName> =
  object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/** The path (under the API prefix, query included) a call of the endpoint requests. */
export function callPath<N extends EndpointName>(endpoint: EndpointOf<N>, options?: CallOptions<N>): string {
  const { params, query } = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, string> };
  return apiPath(endpoint, params, query);
}

/**
 * The one client for the API: `api(endpoints.course, { params: { id } })`. The method and path come from the
 * contract's endpoint table, and so do the types of params, query, body and answer. Credentials go with
 * every request; errors are ApiError with the server's `detail`. A 401 runs the registered handler and still
 * rejects, so callers see the error too.
 */
export async function api<N extends EndpointName>(
  endpoint: EndpointOf<N>,
  ...[options]: CallArgs<N>
): Promise<ResponseOf<N>> {
  const { body, signal, ignoreUnauthorized, keepalive } = (options ?? {}) as TransportOptions & { body?: unknown };
  const path = callPath(endpoint, options);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: endpoint.method,
      credentials: 'include',
      // JSON by default; a POST without a body sends no Content-Type, which a JSON parser would refuse as empty.
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', undefined);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = (data ?? {}) as { detail?: unknown; code?: unknown };
    if (response.status === 401 && !ignoreUnauthorized) onUnauthorized?.(path);
    throw new ApiError(
      response.status,
      typeof error.code === 'string' ? error.code : 'http_error',
      typeof error.detail === 'string' ? error.detail : undefined,
    );
  }
  // Typed by the contract, not re-parsed: the API validates every response it sends (decision 008).
  return data as ResponseOf<N>;
}
