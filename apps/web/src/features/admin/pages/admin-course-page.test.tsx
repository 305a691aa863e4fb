import type { AdminCourseDetail, AdminMe } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';
import { json, stubApi } from '@/lib/session/testing';
import { AdminCoursePage } from './admin-course-page';

// Asserted rather than annotated: the contract grows fields (thumbnails, captions) this page does not read.
const course = {
  id: 'agents-in-production',
  title: 'Agents in Production',
  description: 'Ship tool-using agents.',
  difficulty: 'Advanced',
  instructor: 'Ada Admin',
  duration: '4h 10m',
  pricePaise: 499_900,
  featured: false,
  thumbnailUrl: '',
  status: 'draft',
  idLocked: false,
  version: 3,
  updatedAt: '2026-11-25T09:00:00.000Z',
  updatedBy: { id: 'u1', name: 'Ada Admin', email: 'ada@example.com' },
  instructors: [],
  sections: [{ id: 's1', title: 'Foundations', lessonIds: ['l1'] }],
  lessons: [
    {
      id: 'l1',
      sectionId: 's1',
      title: 'Why agents fail',
      description: '',
      isFree: true,
      durationSeconds: 600,
      videoType: 'direct',
      youtubeUrl: null,
      captions: [],
      resources: [],
      previewId: 'l1',
    },
  ],
  tiers: [
    {
      id: 'agents-in-production-weekly',
      title: 'Weekly',
      description: '',
      pricePaise: 99_900,
      originalPricePaise: 149_900,
      accessType: 'weekly',
      orders: 2,
      archived: false,
    },
  ],
  students: 12,
  draft: null,
} as AdminCourseDetail;

const admin: AdminMe = { roles: ['admin'], instructorOf: [] };

function renderEditor(me: AdminMe = admin) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, {
    id: 'u1',
    email: 'ada@example.com',
    name: 'Ada Admin',
    avatarUrl: null,
    roles: me.roles,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <Outlet context={me} />,
        children: [{ path: 'courses/:id', element: <AdminCoursePage /> }],
      },
    ],
    { initialEntries: [`/admin/courses/${course.id}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const details = () => screen.getByRole('region', { name: 'Details' });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('the course editor', () => {
  it('saves only the changed fields, the price in paise, at the version it read', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/v1/admin/courses/agents-in-production': () => json(200, course),
      'PATCH /api/v1/admin/courses/agents-in-production': (init) => {
        sent.push(bodyOf(init));
        return json(200, { ...course, title: 'Agents in Production, Hands-on', pricePaise: 549_950, version: 4 });
      },
    });
    renderEditor();
    const user = userEvent.setup();
    const title = await screen.findByLabelText(/^Title/);
    expect(screen.getByLabelText(/^Price/)).toHaveValue('4999');
    await user.clear(title);
    await user.type(title, 'Agents in Production, Hands-on');
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '5,499.5');
    await user.click(within(details()).getByRole('button', { name: 'Save changes' }));
    expect(await within(details()).findByText('Changes saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ version: 3, title: 'Agents in Production, Hands-on', pricePaise: 549_950 }]);
    expect(screen.getByLabelText(/^Price/)).toHaveValue('5499.50');
    expect(screen.getByRole('heading', { level: 2, name: 'Agents in Production, Hands-on' })).toBeInTheDocument();
  });

  it('refuses a price it cannot read before asking the API, next to the field', async () => {
    const calls = stubApi({ 'GET /api/v1/admin/courses/agents-in-production': () => json(200, course) });
    renderEditor();
    const user = userEvent.setup();
    const price = await screen.findByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '49.999');
    await user.click(within(details()).getByRole('button', { name: 'Save changes' }));
    expect(price).toHaveAccessibleDescription(/Price can have at most two decimals \(paise\)\./);
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveFocus();
    expect(calls.filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });

  it("shows the API's field errors next to their fields", async () => {
    stubApi({
      'GET /api/v1/admin/courses/agents-in-production': () => json(200, course),
      'PATCH /api/v1/admin/courses/agents-in-production': () =>
        json(400, {
          code: 'invalid_request',
          detail:
            'Invalid request body: title: Title must be at least 3 characters.; duration: Duration must be at most 40 characters.',
        }),
    });
    renderEditor();
    const user = userEvent.setup();
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'ab');
    await user.clear(screen.getByLabelText(/^Duration/));
    await user.type(screen.getByLabelText(/^Duration/), 'x'.repeat(40));
    await user.click(within(details()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Title must be at least 3 characters.')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription(/Title must be at least 3 characters\./);
    expect(screen.getByLabelText(/^Duration/)).toHaveAccessibleDescription(/Duration must be at most 40 characters\./);
    expect(title).toHaveFocus();
  });

  it('says who changed the course meanwhile and reloads it on request, the form starting from their version', async () => {
    let reads = 0;
    stubApi({
      'GET /api/v1/admin/courses/agents-in-production': () => {
        reads++;
        return json(200, reads === 1 ? course : { ...course, title: 'Their title', version: 5 });
      },
      'PATCH /api/v1/admin/courses/agents-in-production': () =>
        json(409, {
          code: 'stale_version',
          detail:
            'This course was changed by Ravi Support (ravi@example.com) at 2026-11-25T09:05:00.000Z. Reload to see their changes, then edit again.',
        }),
    });
    renderEditor();
    const user = userEvent.setup();
    const title = await screen.findByLabelText(/^Title/);
    await user.type(title, ' (mine)');
    await user.click(within(details()).getByRole('button', { name: 'Save changes' }));
    const alert = await within(details()).findByRole('alert');
    expect(alert).toHaveTextContent('This course was changed by Ravi Support (ravi@example.com) at');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Their title')).toBeInTheDocument();
    expect(within(details()).queryByRole('alert')).not.toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('lists the tiers with their orders and the outline read only; support reads without edit buttons', async () => {
    stubApi({ 'GET /api/v1/admin/courses/agents-in-production': () => json(200, course) });
    renderEditor({ roles: ['support'], instructorOf: [] });
    const tiers = await screen.findByRole('table', { name: 'Tier prices and orders' });
    const [, row] = within(tiers).getAllByRole('row');
    expect(row).toHaveTextContent(/Weekly.*₹999.*₹1,499.*2/);
    expect(screen.getByRole('listitem', { name: 'Section 1: Foundations' })).toHaveTextContent('Why agents fail');
    expect(screen.getByRole('link', { name: /Preview as a learner/ })).toHaveAttribute(
      'href',
      '/course/agents-in-production',
    );
    expect(
      screen.queryByRole('button', { name: /Save changes|Add tier|Publish|Edit|Move|Save outline|Upload|Archive/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Instructors' })).not.toBeInTheDocument();
  });

  it("shows a published course's unpublished changes: preview, publish and discard them", async () => {
    const published = { ...course, status: 'published', idLocked: true } as AdminCourseDetail;
    const drafted: AdminCourseDetail = {
      ...published,
      title: 'Agents in Production, Revised',
      version: 4,
      draft: { previewId: 'draft-0a1b2c3d4e5f', updatedAt: '2026-11-25T09:30:00.000Z' },
      lessons: published.lessons.map((l) => ({ ...l, previewId: 'draft-0a1b2c3d4e5f-l1' })),
    };
    const sent: string[] = [];
    stubApi({
      'GET /api/v1/admin/courses/agents-in-production': () => json(200, drafted),
      'POST /api/v1/admin/courses/agents-in-production/discard-draft': (init) => {
        sent.push(`discard ${bodyOf(init).version}`);
        return json(200, { ...published, version: 5 });
      },
    });
    renderEditor();
    const user = userEvent.setup();
    const publishing = await screen.findByRole('region', { name: 'Publishing' });
    expect(publishing).toHaveTextContent(
      /Unpublished changes, last saved .+\. Learners see the course as last published/,
    );
    expect(screen.getByRole('link', { name: /Preview the changes as a learner/ })).toHaveAttribute(
      'href',
      '/course/draft-0a1b2c3d4e5f',
    );
    expect(within(publishing).getByRole('button', { name: 'Publish changes' })).toBeEnabled();
    await user.click(within(publishing).getByRole('button', { name: 'Discard changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Discard the changes to/ });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Agents in Production' })).toBeInTheDocument();
    expect(sent).toEqual(['discard 4']);
    expect(
      within(publishing).queryByRole('button', { name: /Publish changes|Discard changes/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Preview as a learner/ })).toHaveAttribute(
      'href',
      '/course/agents-in-production',
    );
  });
});
