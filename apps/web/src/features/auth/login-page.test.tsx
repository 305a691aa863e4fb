import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasters } from '@/components/ui/toaster';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { getRedirectPath, sessionQueryKey } from '@/lib/session';
import { json, stubApi } from '@/lib/session/testing';
import { LoginPage } from './login-page';

const user = { id: 'u1', email: 'asha@example.com', name: 'Asha Menon', avatarUrl: null };

function renderLogin(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/course/:id', element: <h1>Course page</h1> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Before the redirect the app had already asked, and was signed out.
  queryClient.setQueryData(sessionQueryKey, null);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toasters />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

beforeEach(() => sessionStorage.clear());

describe('/login', () => {
  it('offers Google and GitHub; choosing one stores /dashboard (from /login) and leaves for the API login', async () => {
    renderLogin('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    const google = screen.getByRole('link', { name: 'Sign in with Google' });
    const github = screen.getByRole('link', { name: 'Sign in with GitHub' });
    expect(google).toHaveAttribute('href', '/api/v1/auth/google/login');
    expect(github).toHaveAttribute('href', '/api/v1/auth/github/login');
    // The test stays on the page: the browser's navigation to the API is not what is tested here.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(github);
    expect(getRedirectPath()).toBe('/dashboard');
  });

  it('stores the page whose Sign In link was followed before the app started there (a plain link)', async () => {
    const referrer = vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}/course/rag`);
    renderLogin('/login');
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(screen.getByRole('link', { name: 'Sign in with GitHub' }));
    expect(getRedirectPath()).toBe('/course/rag');
    referrer.mockRestore();
  });

  it('keeps a path stored earlier (a guarded page, a lesson click)', async () => {
    sessionStorage.setItem('redirectAfterLogin', '/course/rag?lesson=l2');
    renderLogin('/login');
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(screen.getByRole('link', { name: 'Sign in with Google' }));
    expect(getRedirectPath()).toBe('/course/rag?lesson=l2');
  });

  it('success=true: re-checks the session, says Welcome back!, and goes to the stored path, clearing it', async () => {
    sessionStorage.setItem('redirectAfterLogin', '/course/rag?lesson=l2');
    const calls = stubApi({ 'GET /api/v1/auth/me': () => json(200, user) });
    const { router, queryClient } = renderLogin('/login?success=true');
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    expect(await screen.findByRole('heading', { name: 'Course page' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/course/rag?lesson=l2');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(getRedirectPath()).toBeNull();
    expect(calls).toEqual(['GET /api/v1/auth/me']);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user);
  });

  it('success=true without a stored path goes to /dashboard', async () => {
    stubApi({ 'GET /api/v1/auth/me': () => json(200, user) });
    const { router } = renderLogin('/login?success=true');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('success=true but the session check fails: Login failed with the default text', async () => {
    stubApi({
      'GET /api/v1/auth/me': () => json(401, { detail: 'Please sign in to continue.', code: 'unauthorized' }),
    });
    const { router } = renderLogin('/login?success=true');
    expect(await screen.findAllByText('There was an error signing you in. Please try again.')).toHaveLength(2);
    expect(screen.getAllByText('Login failed')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('error=<text>: Login failed with that text, in a message and on the page', async () => {
    renderLogin(`/login?error=${encodeURIComponent('You cancelled signing in with GitHub.')}`);
    // Once in the titled message, once on the page so it outlives the message.
    expect(await screen.findAllByText('You cancelled signing in with GitHub.')).toHaveLength(2);
    expect(screen.getAllByText('Login failed')).toHaveLength(2);
  });
});
