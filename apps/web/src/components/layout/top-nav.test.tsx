import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '@/lib/session';
import { TopNav } from './top-nav';

const person = { id: 'u1', email: 'ravi@example.com', name: 'Ravi Kumar', avatarUrl: null };

function renderNav(roles: string[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, { ...person, roles });
  const router = createMemoryRouter([{ path: '/', element: <TopNav /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('the top navigation', () => {
  it('offers the console to a user with any staff role', () => {
    const nav = renderNav(['support']);
    expect(nav.getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/admin');
  });

  it('does not offer it to a learner', () => {
    const nav = renderNav([]);
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
  });
});
