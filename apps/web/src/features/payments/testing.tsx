import type { User } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { dismissToast, Toaster, toast } from '@/components/ui/toast';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';
import type { CheckoutFailure, CheckoutInstance, CheckoutOptions, CheckoutSuccess } from './lib/razorpay';

/** Test helpers for the payments feature: a fake API behind fetch, a fake checkout, and a page to render into. */

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  /** The query string's parameters. */
  query: Record<string, string>;
}

export type ApiHandler = (
  call: ApiCall,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** Stubs fetch with handlers keyed 'METHOD /path' (path under /api/v1); records every call. */
export function mockApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body, query: Object.fromEntries(url.searchParams) };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const result = handler ? await handler(call) : { status: 404, body: { detail: 'no handler', code: 'not_found' } };
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status: result.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const LEARNER: User = {
  id: '5b0c6a8e-0d7f-4a8e-9f59-2f4a1c3b7d11',
  email: 'asha@example.com',
  name: 'Asha',
  avatarUrl: null,
  roles: [],
};

/** A stand-in for window.Razorpay that lets a test play the learner inside the checkout. */
export class FakeCheckout implements CheckoutInstance {
  static instances: FakeCheckout[] = [];
  readonly failedListeners: Array<(failure: CheckoutFailure) => void> = [];
  opened = false;
  constructor(readonly options: CheckoutOptions) {
    FakeCheckout.instances.push(this);
  }
  open() {
    this.opened = true;
  }
  close() {
    this.opened = false;
  }
  on(_event: 'payment.failed', listener: (failure: CheckoutFailure) => void) {
    this.failedListeners.push(listener);
  }
  pay(response: CheckoutSuccess) {
    this.opened = false;
    this.options.handler(response);
  }
  fail(description: string) {
    for (const listener of this.failedListeners) listener({ error: { code: 'BAD_REQUEST_ERROR', description } });
  }
  dismiss() {
    this.opened = false;
    this.options.modal.ondismiss();
  }
}

/**
 * Renders `element` at `path` (route /course/:id, /payment-status or /purchases) with a /login page, the titled
 * toaster and a fresh client; `signedIn` starts it with that learner's session already known (as the
 * signed-in layout guarantees its pages).
 */
export function renderAt(element: ReactNode, path: string, { signedIn }: { signedIn?: User } = {}) {
  // Clears whatever a previous test left in the one-at-a-time toast store.
  dismissToast(toast({ title: 'reset' }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (signedIn) queryClient.setQueryData(sessionQueryKey, signedIn);
  const router = createMemoryRouter(
    [
      { path: '/course/:id', element },
      { path: '/payment-status', element },
      { path: '/purchases', element },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
