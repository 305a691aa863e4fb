import { API_PREFIX } from '@kaushal/contract';

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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Do not run the 401 handler (the session probe itself). */
  ignoreUnauthorized?: boolean;
  keepalive?: boolean;
}

/**
 * The one client for the API: credentials on every request, JSON by default, errors as ApiError with the
 * server's `detail`. A 401 runs the registered handler and still rejects, so callers see the error too.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      credentials: 'include',
      // JSON by default; a POST without a body sends no Content-Type, which a JSON parser would refuse as empty.
      headers:
        options.body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
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
    const body = (data ?? {}) as { detail?: unknown; code?: unknown };
    const error = new ApiError(
      response.status,
      typeof body.code === 'string' ? body.code : 'http_error',
      typeof body.detail === 'string' ? body.detail : undefined,
    );
    if (response.status === 401 && !options.ignoreUnauthorized) onUnauthorized?.(path);
    throw error;
  }
  // Typed by the contract, not re-parsed: the API validates every response it sends (decision 008).
  return data as T;
}
