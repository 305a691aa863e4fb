import type { Suggestions } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from '@/lib/router';
import { SearchCombobox } from './search-combobox';

const SUGGESTIONS: Suggestions = {
  courses: [{ id: 'rag-from-scratch', title: 'RAG from Scratch', ranges: [[0, 3]] }],
  lessons: [
    {
      id: 'rag-from-scratch-01',
      title: 'Why RAG, and when not to use it',
      ranges: [[4, 7]],
      courseId: 'rag-from-scratch',
      courseTitle: 'RAG from Scratch',
    },
  ],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function setup() {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(`${url.pathname}${url.search}`);
      return new Response(JSON.stringify(SUGGESTIONS), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const onSearch = vi.fn();
  const page = (
    <>
      <SearchCombobox label="Search courses" onSearch={onSearch} />
      <Where />
    </>
  );
  const router = createMemoryRouter([
    { path: '/', element: page },
    { path: '/course/:id', element: <Where /> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { requests, onSearch, input: screen.getByRole('combobox', { name: 'Search courses' }) };
}

describe('the search combobox', () => {
  it('suggests courses and lessons once typing pauses, with the typed word marked', async () => {
    const { input, requests } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(input, 'rag');
    const listbox = await screen.findByRole('listbox');
    expect(screen.queryByRole('listbox', { hidden: false })).toBe(listbox);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    // Debounced: one request for the whole word, not one per letter.
    expect(requests).toEqual(['/api/v1/search/suggestions?q=rag']);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'RAG from Scratch',
      'Why RAG, and when not to use itRAG from Scratch',
    ]);
    expect(screen.getByRole('group', { name: 'Courses' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Lessons' })).toBeInTheDocument();
    expect(options[0]?.querySelector('mark')?.textContent).toBe('RAG');
  });

  it('moves through the options with the arrow keys, keeping focus in the box, and opens one with Enter', async () => {
    const { input } = setup();
    await userEvent.type(input, 'rag');
    await screen.findByRole('listbox');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    const [course, lesson] = screen.getAllByRole('option');
    expect(input).toHaveFocus();
    expect(course).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', course?.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(lesson).toHaveAttribute('aria-selected', 'true');
    expect(course).toHaveAttribute('aria-selected', 'false');
    // Past the last option, back to the text itself; ArrowUp from there wraps to the last.
    await userEvent.keyboard('{ArrowDown}');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', lesson?.id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/course/rag-from-scratch?lesson=rag-from-scratch-01');
  });

  it('searches for the text with Enter when no option is active', async () => {
    const { input, onSearch } = setup();
    await userEvent.type(input, '  rag  {Enter}');
    expect(onSearch).toHaveBeenCalledWith('rag');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('closes the list with Escape, then clears the text with a second Escape', async () => {
    const { input } = setup();
    await userEvent.type(input, 'rag');
    await screen.findByRole('listbox');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('rag');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
    // Typing again opens the list again.
    await userEvent.type(input, 'rag');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
  });
});
