import type { AdminMe } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { getRedirectPath, sessionQueryKey } from '@/lib/session';
import { json, stubApi } from '@/lib/session/testing';
import { ConsoleLayout } from './console-layout';

const person = { id: 'u1', email: 'ravi@example.com', name: 'Ravi Kumar', avatarUrl: null };

function renderConsole(user: typeof person | null, path = '/admin/courses') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, user && { ...user, roles: [] });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Sign in</h1> },
      {
        path: '/admin',
        element: <ConsoleLayout />,
        children: [{ path: '*', element: <p>Console page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const meIs = (me: AdminMe) => stubApi({ 'GET /api/v1/admin/me': () => json(200, me) });

beforeEach(() => sessionStorage.clear());

describe('the console frame', () => {
  it('sends a signed-out visitor to sign in, remembering the console page', async () => {
    stubApi({});
    const router = renderConsole(null, '/admin/audit?entity=tier');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getRedirectPath()).toBe('/admin/audit?entity=tier');
  });

  it('tells a learner the console is for staff, without its sections', async () => {
    meIs({ roles: [], instructorOf: [] });
    renderConsole(person);
    expect(await screen.findByRole('heading', { name: 'This console is for staff only' })).toBeInTheDocument();
    expect(screen.getByText(/which has no staff role/)).toHaveTextContent('ravi@example.com');
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    expect(screen.queryByText('Console page')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  });

  it.each([
    [
      ['admin'],
      [
        'Courses',
        'Learners',
        'Support inbox',
        'People and roles',
        'Audit log',
        'Email',
        'Orders',
        'Refunds',
        'Coupons',
        'Analytics',
      ],
    ],
    // Support handles learners, orders and refunds; coupons are the admins'.
    [['support'], ['Courses', 'Learners', 'Support inbox', 'Email', 'Orders', 'Refunds', 'Analytics']],
    [['instructor'], ['Courses', 'Analytics']],
    [
      ['instructor', 'support'],
      ['Courses', 'Learners', 'Support inbox', 'Email', 'Orders', 'Refunds', 'Analytics'],
    ],
  ] as const)('shows %j the sections %j', async (roles, sections) => {
    meIs({ roles: [...roles], instructorOf: [] });
    renderConsole(person);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(sections);
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Console page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
  });
});
