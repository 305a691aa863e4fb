import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { json, stubApi } from '@/lib/session/testing';
import { NewCourseDialog } from './new-course-dialog';

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/courses', element: <NewCourseDialog /> },
      { path: '/admin/courses/:id', element: <h1>Editor</h1> },
    ],
    { initialEntries: ['/admin/courses'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const price = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Price (₹)' });

describe('New course', () => {
  it('suggests the id from the title, sends the price in paise and opens the draft', async () => {
    const sent: unknown[] = [];
    stubApi({
      'POST /api/v1/admin/courses': (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return json(201, { ...body, status: 'draft', version: 1 });
      },
    });
    const router = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New course' }));
    const dialog = screen.getByRole('dialog', { name: 'New course' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'RAG: from Scratch, Again!');
    expect(within(dialog).getByLabelText(/^Course id/)).toHaveValue('rag-from-scratch-again');
    await user.clear(price(dialog));
    await user.type(price(dialog), '₹1,499.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/courses/rag-from-scratch-again');
    expect(sent).toEqual([
      { id: 'rag-from-scratch-again', title: 'RAG: from Scratch, Again!', difficulty: 'Beginner', pricePaise: 149_950 },
    ]);
  });

  it('puts a taken id and a bad id from the API next to the id field, and keeps the dialog open', async () => {
    let calls = 0;
    stubApi({
      'POST /api/v1/admin/courses': () =>
        ++calls === 1
          ? json(409, { code: 'course_id_taken', detail: 'Another course already has this id. Choose another one.' })
          : json(400, {
              code: 'invalid_request',
              detail: 'Invalid request body: id: must be lower-case letters, digits and dashes.',
            }),
    });
    renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New course' }));
    const dialog = screen.getByRole('dialog', { name: 'New course' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'RAG from Scratch');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    const id = within(dialog).getByLabelText(/^Course id/);
    expect(await within(dialog).findByText('Another course already has this id. Choose another one.')).toBeVisible();
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(id).toHaveFocus();
    await user.clear(id);
    await user.type(id, 'RAG');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(await within(dialog).findByText('Must be lower-case letters, digits and dashes.')).toBeVisible();
    expect(id).toHaveAccessibleDescription(/Must be lower-case letters, digits and dashes\./);
  });
});
