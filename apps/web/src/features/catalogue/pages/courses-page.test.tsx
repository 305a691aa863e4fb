import type { CourseList } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from '@/lib/router';
import { CoursesPage } from './courses-page';

const RAG = {
  id: 'rag-from-scratch',
  title: 'RAG from Scratch',
  description: 'Build retrieval-augmented generation without a framework hiding the details.',
  difficulty: 'Intermediate' as const,
  price: 4999,
  thumbnailUrl: '/thumbnails/rag-from-scratch.svg',
  instructor: 'Arjun Nair',
  duration: '',
  students: 1010,
  rating: 4.9,
  lessonCount: 9,
  highlight: {
    title: [[0, 3]] as [number, number][],
    description: null,
    lesson: {
      id: 'rag-from-scratch-01',
      title: 'Why RAG, and when not to use it',
      ranges: [[4, 7]] as [number, number][],
    },
  },
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

function renderAt(url: string, answer: (query: URLSearchParams) => CourseList) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const requested = new URL(String(input), 'http://localhost');
      asked.push(requested.searchParams);
      return new Response(JSON.stringify(answer(requested.searchParams)), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/courses',
        element: (
          <>
            <CoursesPage />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { asked, router };
}

const one = (): CourseList => ({ items: [RAG], pages: 1, page: 1, total: 1 });

describe('the courses page with search and filters', () => {
  it('asks the API for the URL’s search and known filters only, and marks the matched words', async () => {
    const { asked } = renderAt('/courses?q=rag&difficulty=Expert&price=free&sort=shuffle', one);
    const title = await screen.findByRole('link', { name: 'RAG from Scratch' });
    expect(title.querySelector('mark')?.textContent).toBe('RAG');
    expect(screen.getByText('Lesson:')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    const query = Object.fromEntries(asked[0] ?? []);
    expect(query).toEqual({ page: '1', size: '9', q: 'rag', price: 'free' });
    expect(screen.getByRole('combobox', { name: 'Search courses' })).toHaveValue('rag');
    expect(screen.getByLabelText('Price')).toHaveValue('free');
    expect(screen.getByText('1 course found')).toBeInTheDocument();
    // One page: no page count.
    expect(screen.queryByText(/Page \d+ of/)).not.toBeInTheDocument();
  });

  it('writes each filter into the URL, starting again at page 1, and clears them all', async () => {
    // The API answers the page asked for (a page it clamped would be written back into the URL).
    const { router } = renderAt('/courses?q=rag&page=2', (query) => ({
      items: [RAG],
      pages: 3,
      page: Number(query.get('page')),
      total: 19,
    }));
    await screen.findByText('Page 2 of 3');
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'Beginner');
    expect(screen.getByTestId('where')).toHaveTextContent('?q=rag&difficulty=Beginner');
    await userEvent.selectOptions(screen.getByLabelText('Price'), 'Free');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Most popular');
    expect(screen.getByTestId('where')).toHaveTextContent('?q=rag&difficulty=Beginner&price=free&sort=popular');
    await userEvent.type(screen.getByLabelText('Highest price (₹)'), '5000{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('&maxPrice=5000');
    // Back undoes the last filter.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('where')).not.toHaveTextContent('maxPrice'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^$/);
  });

  it('searches from the box, keeping the filters', async () => {
    renderAt('/courses?difficulty=Beginner', one);
    await screen.findByRole('link', { name: 'RAG from Scratch' });
    const box = screen.getByRole('combobox', { name: 'Search courses' });
    await userEvent.type(box, 'agents{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('?q=agents&difficulty=Beginner');
  });

  it('shows the spec’s empty state for a search that finds nothing, with a way back', async () => {
    renderAt('/courses?q=zzz', () => ({ items: [], pages: 0, page: 1, total: 0 }));
    expect(await screen.findByText('No courses available at the moment.')).toBeInTheDocument();
    const main = within(document.body);
    await userEvent.click(main.getAllByRole('button', { name: 'Clear search and filters' })[0] as HTMLElement);
    expect(screen.getByTestId('where')).toHaveTextContent(/^$/);
  });
});
