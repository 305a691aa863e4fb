import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';
import { TopNav } from './top-nav';

const person = { id: 'u1', email: 'ravi@example.com', name: 'Ravi Kumar', avatarUrl: null };

function renderNav(roles: string[], search?: React.ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, { ...person, roles });
  const router = createMemoryRouter([{ path: '/', element: <TopNav search={search} /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
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

  it('keeps the mobile menu closed until its button opens it, then shows the search box, links and account in it', async () => {
    const user = userEvent.setup();
    renderNav([], <input type="search" aria-label="Search courses and lessons" />);
    const banner = screen.getByRole('banner');
    // Closed: the user's name once (the wide bar), one search box, and nothing else drawn into the banner.
    expect(within(banner).getAllByText('Ravi Kumar')).toHaveLength(1);
    expect(within(banner).getAllByRole('searchbox')).toHaveLength(1);
    expect(banner).not.toHaveTextContent(/&&/);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    const inMenu = within(menu as HTMLElement);
    expect(inMenu.getByRole('searchbox', { name: 'Search courses and lessons' })).toBeInTheDocument();
    expect(inMenu.getByRole('link', { name: 'Courses' })).toBeInTheDocument();
    expect(inMenu.getByText('Ravi Kumar')).toBeInTheDocument();
  });
});
