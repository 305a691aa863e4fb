import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toasters } from '@/components/ui/toaster';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { getRedirectPath } from '@/lib/session';
import { json, never, stubApi } from '@/lib/session/testing';
import { SignedInLayout } from './signed-in-layout';

const user = { id: 'u1', email: 'asha@example.com', name: 'Asha Menon', avatarUrl: null };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/login', element: <h1>Login</h1> },
      {
        element: <SignedInLayout />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          { path: '/profile', element: <h1>Profile page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      {/* As react-router/dom's RouterProvider does in the app. */}
      <RouterProvider router={router} />
      <Toasters />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the signed-in layout', () => {
  it('shows a loading state while the session is unknown: no redirect, no placeholder user', async () => {
    stubApi({ 'GET /api/v1/auth/me': never });
    const router = renderAt('/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your account…');
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your account' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getRedirectPath()).toBeNull();
  });

  it('signed out: stores the page (overwriting an older one) and goes to /login', async () => {
    sessionStorage.setItem('redirectAfterLogin', '/courses');
    stubApi({
      'GET /api/v1/auth/me': () => json(401, { detail: 'Please sign in to continue.', code: 'unauthorized' }),
    });
    const router = renderAt('/profile?tab=stats');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getRedirectPath()).toBe('/profile?tab=stats');
  });

  it('signed in: the page beside the sidebar with avatar initials, name, email, links and Logout', async () => {
    stubApi({ 'GET /api/v1/auth/me': () => json(200, user) });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    const sidebar = screen.getByRole('region', { name: 'Your account' });
    expect(within(sidebar).getByText('Asha Menon')).toBeInTheDocument();
    expect(within(sidebar).getByText('asha@example.com')).toBeInTheDocument();
    expect(within(sidebar).getByText('AM')).toBeInTheDocument();
    const nav = within(sidebar).getByRole('navigation', { name: 'Sidebar' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['My Courses', '/courses'],
      ['Profile', '/profile'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('collapses and expands, and remembers it', async () => {
    stubApi({ 'GET /api/v1/auth/me': () => json(200, user) });
    renderAt('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('link', { name: 'Profile' }));
    await userEvent.click(toggle);
    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Collapsed to icons on desktop: the labels remain for screen readers.
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('title', 'Profile');
    expect(localStorage.getItem('sidebarCollapsed')).toBe('true');
    await userEvent.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('Logout posts, says Logged out and goes home (not to /login)', async () => {
    const calls = stubApi({
      'GET /api/v1/auth/me': () => json(200, user),
      'POST /api/v1/auth/logout': () => new Response(null, { status: 204 }),
    });
    const router = renderAt('/profile');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    const sidebar = await screen.findByRole('region', { name: 'Your account' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(visited).toEqual(['/']);
    expect(getRedirectPath()).toBeNull();
    expect(calls).toContain('POST /api/v1/auth/logout');
  });

  it('a failed logout keeps the learner signed in and says so', async () => {
    stubApi({
      'GET /api/v1/auth/me': () => json(200, user),
      'POST /api/v1/auth/logout': () => json(503, { code: 'unavailable' }),
    });
    const router = renderAt('/profile');
    const sidebar = await screen.findByRole('region', { name: 'Your account' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to logout. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(within(sidebar).getByText('Asha Menon')).toBeInTheDocument();
  });
});
