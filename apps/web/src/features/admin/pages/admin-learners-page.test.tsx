import type { AdminCourseSummary, AdminLearner, AdminLearnerSummary } from '@kaushal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderConsolePage, stubConsoleApi, supportMe } from '../testing';
import { AdminLearnerPage } from './admin-learner-page';
import { AdminLearnersPage } from './admin-learners-page';

const ID = '0b6f3c1e-8d2a-4f5b-9c7e-1a2b3c4d5e6f';
const GRANT = `POST /admin/learners/${ID}/access`;
const REVOKE = `POST /admin/learners/${ID}/access/rag-from-scratch/revoke`;

const summary = (n: number, name = `Learner ${n}`): AdminLearnerSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  email: `learner${n}@example.in`,
  joinedAt: '2026-11-20T08:00:00.000Z',
  lastSignInAt: null,
});

const learner: AdminLearner = {
  id: ID,
  name: 'Priya Sharma',
  email: 'priya@example.in',
  joinedAt: '2026-10-01T06:30:00.000Z',
  lastSignInAt: '2026-11-24T08:00:00.000Z',
  roles: [],
  enrollments: [
    {
      courseId: 'rag-from-scratch',
      courseTitle: 'RAG from Scratch',
      accessType: 'permanent',
      expiresAt: null,
      source: 'payment',
      active: true,
      enrolledAt: '2026-11-01T10:00:00.000Z',
    },
    {
      courseId: 'vector-databases',
      courseTitle: 'Vector Databases in Practice',
      accessType: 'weekly',
      expiresAt: '2026-11-10T10:00:00.000Z',
      source: 'staff',
      active: false,
      enrolledAt: '2026-11-03T10:00:00.000Z',
    },
  ],
  progress: [
    {
      courseId: 'rag-from-scratch',
      courseTitle: 'RAG from Scratch',
      lessonsCompleted: 3,
      lessonsTotal: 9,
      watchedPercent: 37,
      lastActivityAt: '2026-11-23T18:00:00.000Z',
    },
  ],
  orders: [
    {
      orderId: 'order_Pq1',
      status: 'paid',
      amount: 499_900,
      refundedAmount: 0,
      courseId: 'rag-from-scratch',
      courseTitle: 'RAG from Scratch',
      createdAt: '2026-11-01T09:59:00.000Z',
      paidAt: '2026-11-01T10:00:00.000Z',
    },
  ],
  certificates: [
    {
      id: 'OXcBG9QKDC7MW9Fv7NuK0Q',
      courseId: 'python-for-ai',
      courseTitle: 'Python for AI Engineers',
      issuedAt: '2026-09-01T10:00:00.000Z',
      status: 'verified',
    },
  ],
  messages: [
    {
      ticketId: 'TKT-20261101-AB12',
      subject: 'Invoice GSTIN',
      category: 'billing',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
  ],
};

const course = (id: string, title: string, status: AdminCourseSummary['status']): AdminCourseSummary => ({
  id,
  title,
  status,
  difficulty: 'Beginner',
  pricePaise: 499_900,
  lessons: 6,
  students: 10,
  featured: false,
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const COURSES = {
  items: [
    course('llm-evaluation', 'LLM Evaluation', 'published'),
    course('secret-draft', 'Secret Draft', 'draft'),
    course('rag-from-scratch', 'RAG from Scratch', 'published'),
  ],
  page: 1,
  pages: 1,
  total: 3,
};

describe('Learners', () => {
  it('searches by name or email from the URL, writes the search back to it, and loads more', async () => {
    const api = stubConsoleApi({
      'GET /admin/learners': ({ query }) => {
        if (query.get('q') === 'nobody') return json(200, { items: [], nextCursor: null });
        if (query.get('cursor') === 'cursor-2') return json(200, { items: [summary(26)], nextCursor: null });
        return json(200, {
          items: Array.from({ length: 25 }, (_, i) => summary(i + 1, i === 0 ? 'Ravi Kumar' : undefined)),
          nextCursor: 'cursor-2',
        });
      },
    });
    const router = renderConsolePage(<AdminLearnersPage />, {
      route: 'learners',
      path: '/admin/learners?q=ravi',
      me: supportMe,
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', {
      name: 'Learners whose name or email contains "ravi", newest first',
    });
    const search = screen.getByRole('searchbox', { name: 'Search by name or email' });
    expect(search).toHaveValue('ravi');
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/Ravi Kumar.*learner1@example.in.*20 Nov 2026/);
    expect(within(table).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      `/admin/learners/${summary(1).id}`,
    );
    expect(screen.getByText('Showing the newest 25 learners')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more learners' }));
    expect(await screen.findByText('26 learners, all shown')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(27);
    expect(screen.queryByRole('button', { name: 'Load more learners' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '  nobody ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No learner\'s name or email contains "nobody".')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=nobody');
    expect(api.calls.map((call) => [call.query.get('q'), call.query.get('cursor')])).toEqual([
      ['ravi', null],
      ['ravi', 'cursor-2'],
      ['nobody', null],
    ]);
  });

  it('lists the latest learners without a search', async () => {
    const api = stubConsoleApi({
      'GET /admin/learners': () => json(200, { items: [summary(1)], nextCursor: null }),
    });
    renderConsolePage(<AdminLearnersPage />, { route: 'learners', path: '/admin/learners' });
    expect(await screen.findByRole('table', { name: 'Learners, newest first' })).toBeInTheDocument();
    expect(screen.getByText('1 learner, all shown')).toBeInTheDocument();
    expect(api.calls[0]?.query.has('q')).toBe(false);
  });
});

describe('A learner', () => {
  const renderLearner = (table: Parameters<typeof stubConsoleApi>[0]) => {
    const api = stubConsoleApi({ [`GET /admin/learners/${ID}`]: () => json(200, learner), ...table });
    renderConsolePage(<AdminLearnerPage />, { route: 'learners/:id', path: `/admin/learners/${ID}`, me: supportMe });
    return api;
  };

  it('shows the account, enrollments, progress, orders, certificates and messages', async () => {
    renderLearner({});
    expect(await screen.findByRole('heading', { level: 2, name: 'Priya Sharma' })).toBeInTheDocument();
    expect(screen.getByText('priya@example.in')).toBeInTheDocument();
    expect(screen.getByText('None (a learner)')).toBeInTheDocument();

    const enrollments = screen.getByRole('table', { name: 'Enrollments, newest first' });
    const [, rag, vectors] = within(enrollments).getAllByRole('row');
    expect(rag).toHaveTextContent(/RAG from Scratch.*Lifetime.*Bought.*Active/);
    expect(vectors).toHaveTextContent(/Vector Databases in Practice.*Ended 10 Nov 2026.*Granted by staff.*Expired/);

    const progress = screen.getByRole('table', { name: 'Progress per course' });
    expect(within(progress).getAllByRole('row')[1]).toHaveTextContent(/RAG from Scratch.*3 of 9.*37%/);

    const orders = screen.getByRole('table', { name: 'Orders, newest first' });
    expect(within(orders).getByRole('link', { name: 'order_Pq1' })).toHaveAttribute('href', '/admin/orders/order_Pq1');
    expect(within(orders).getAllByRole('row')[1]).toHaveTextContent(/RAG from Scratch.*₹4,999.*Paid/);

    const certificates = screen.getByRole('region', { name: 'Certificates' });
    expect(within(certificates).getByRole('link', { name: 'Python for AI Engineers' })).toHaveAttribute(
      'href',
      '/certificates/OXcBG9QKDC7MW9Fv7NuK0Q',
    );
    expect(certificates).toHaveTextContent('Verified');
    expect(screen.getByRole('region', { name: 'Messages' })).toHaveTextContent(
      /Invoice GSTIN.*TKT-20261101-AB12.*Billing & Payments/,
    );
    // Each message opens its ticket in the support inbox.
    expect(
      within(screen.getByRole('region', { name: 'Messages' })).getByRole('link', { name: 'TKT-20261101-AB12' }),
    ).toHaveAttribute('href', '/admin/inbox/TKT-20261101-AB12');
  });

  it('grants access to a published course with the body the API expects, and shows its refusal', async () => {
    let refusals = 1;
    const api = renderLearner({
      'GET /admin/courses': () => json(200, COURSES),
      [GRANT]: () =>
        refusals-- > 0
          ? json(409, {
              code: 'access_already_lifetime',
              detail: 'Priya Sharma already has lifetime access to LLM Evaluation.',
            })
          : json(200, {
              ...learner,
              enrollments: [
                {
                  courseId: 'llm-evaluation',
                  courseTitle: 'LLM Evaluation',
                  accessType: 'weekly',
                  expiresAt: '2026-12-02T09:00:00.000Z',
                  source: 'staff',
                  active: true,
                  enrolledAt: '2026-11-25T09:00:00.000Z',
                },
                ...learner.enrollments,
              ],
            }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Grant access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant access to a course' });
    const courseSelect = within(dialog).getByLabelText(/^Course/);
    await waitFor(() => expect(courseSelect).toBeEnabled());
    // Drafts cannot be granted: learners could not open them.
    expect(
      within(courseSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a course', 'LLM Evaluation', 'RAG from Scratch']);

    // Nothing is sent without a course and a reason.
    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    expect(courseSelect).toHaveAccessibleDescription(/Choose a course\./);
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveAccessibleDescription(/Give a reason for the audit log\./);
    expect(courseSelect).toHaveFocus();
    expect(api.sent(GRANT)).toEqual([]);

    await user.selectOptions(courseSelect, 'LLM Evaluation');
    await user.selectOptions(within(dialog).getByLabelText(/^Access/), 'weekly');
    await user.type(within(dialog).getByLabelText(/^Reason/), '  Scholarship for the meetup  ');
    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    // The API's refusal about the course is shown next to the course.
    await waitFor(() =>
      expect(courseSelect).toHaveAccessibleDescription(/Priya Sharma already has lifetime access to LLM Evaluation\./),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    expect(
      await screen.findByText(/Access granted: Priya Sharma has LLM Evaluation \(until .*\)\. They are emailed/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent(GRANT)).toEqual([
      { courseId: 'llm-evaluation', accessType: 'weekly', reason: 'Scholarship for the meetup' },
      { courseId: 'llm-evaluation', accessType: 'weekly', reason: 'Scholarship for the meetup' },
    ]);
    // The page shows the answer: the new enrollment is listed.
    const enrollments = screen.getByRole('table', { name: 'Enrollments, newest first' });
    expect(within(enrollments).getAllByRole('row')[1]).toHaveTextContent(/LLM Evaluation.*Granted by staff.*Active/);
  });

  it('revokes an enrollment only with a reason, after asking', async () => {
    const api = renderLearner({
      [REVOKE]: () => json(200, { ...learner, enrollments: learner.enrollments.slice(1) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke access to RAG from Scratch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access to RAG from Scratch?' });
    expect(dialog).toHaveTextContent('Orders are not refunded');
    const reason = within(dialog).getByLabelText(/^Reason/);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(reason).toHaveAccessibleDescription(/Give a reason for the audit log\./);
    expect(reason).toHaveFocus();
    expect(api.sent(REVOKE)).toEqual([]);

    await user.type(reason, 'Chargeback filed with the bank');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(
      await screen.findByText('Access revoked: Priya Sharma can no longer open RAG from Scratch.'),
    ).toBeInTheDocument();
    expect(api.sent(REVOKE)).toEqual([{ reason: 'Chargeback filed with the bank' }]);
    expect(screen.queryByRole('button', { name: 'Revoke access to RAG from Scratch' })).not.toBeInTheDocument();
  });

  it('says so when there is no such learner', async () => {
    stubConsoleApi({
      [`GET /admin/learners/${ID}`]: () =>
        json(404, { code: 'learner_not_found', detail: 'There is no learner with this id.' }),
    });
    renderConsolePage(<AdminLearnerPage />, { route: 'learners/:id', path: `/admin/learners/${ID}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no learner with this id.');
    expect(screen.getByRole('link', { name: 'All learners' })).toHaveAttribute('href', '/admin/learners');
  });
});
