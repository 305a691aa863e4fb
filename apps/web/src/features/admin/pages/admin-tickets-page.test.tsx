import type { AdminLearner, AdminTicket, AdminTicketSummary } from '@kaushal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatMinutes, targetText } from '../lib/tickets';
import { json, renderConsolePage, stubConsoleApi, supportMe } from '../testing';
import { AdminTicketPage } from './admin-ticket-page';
import { AdminTicketsPage } from './admin-tickets-page';

const TICKET = 'TKT-20261127-7F3K9Q';
const LEARNER_ID = '0b6f3c1e-8d2a-4f5b-9c7e-1a2b3c4d5e6f';
/** The signed-in member of staff in renderConsolePage's session is 'u1'; the API's ids are uuids. */
const ME = 'u1';
const SAM = { id: '00000000-0000-4000-8000-000000000002', name: 'Sam Support', email: 'sam@kaushal.ai' };

const summary: AdminTicketSummary = {
  ticketId: TICKET,
  subject: 'The player stops at 2 minutes',
  category: 'technical',
  priority: 'critical',
  status: 'open',
  name: 'Priya Sharma',
  email: 'priya@example.in',
  assignee: null,
  createdAt: '2026-11-27T05:00:00.000Z',
  lastLearnerMessageAt: '2026-11-27T05:00:00.000Z',
  target: { hours: 2, state: 'due', dueAt: '2026-11-27T07:00:00.000Z', minutes: 95 },
};

const overdue: AdminTicketSummary = {
  ...summary,
  ticketId: 'TKT-20261126-AB12CD',
  subject: 'Invoice address',
  category: 'billing',
  priority: 'normal',
  assignee: SAM,
  target: { hours: 24, state: 'overdue', dueAt: '2026-11-27T04:00:00.000Z', minutes: 80 },
};

const detail: AdminTicket = {
  ...summary,
  phone: '+91 98450 12345',
  version: 3,
  firstResponseAt: null,
  entries: [
    {
      id: 'e1',
      kind: 'message',
      authorName: 'Priya Sharma',
      authorEmail: 'priya@example.in',
      subject: summary.subject,
      body: 'Lesson 3 stops playing.',
      createdAt: summary.createdAt,
    },
    {
      id: 'e2',
      kind: 'note',
      authorName: 'Sam Support',
      authorEmail: SAM.email,
      subject: null,
      body: 'CDN issue?',
      createdAt: '2026-11-27T05:10:00.000Z',
    },
  ],
  learner: { id: LEARNER_ID, name: 'Priya Sharma', email: 'priya@example.in' },
  assignees: [{ id: ME, name: 'Ada Admin', email: 'ada@example.com' }, SAM],
};

const learner: AdminLearner = {
  id: LEARNER_ID,
  name: 'Priya Sharma',
  email: 'priya@example.in',
  joinedAt: '2026-10-01T06:30:00.000Z',
  lastSignInAt: null,
  roles: [],
  enrollments: [],
  progress: [],
  orders: [
    {
      orderId: 'order_Pq1',
      status: 'paid',
      amount: 399_900,
      refundedAmount: 0,
      courseId: 'rag-from-scratch',
      courseTitle: 'RAG from Scratch',
      createdAt: '2026-11-01T10:00:00.000Z',
      paidAt: '2026-11-01T10:01:00.000Z',
    },
  ],
  certificates: [],
  messages: [],
};

const listCalls = (api: ReturnType<typeof stubConsoleApi>) =>
  api.calls.filter((call) => call.key === 'GET /admin/tickets').map((call) => Object.fromEntries(call.query));

describe('Support inbox', () => {
  it('lists open tickets with time left or overdue in words, and links each ticket', async () => {
    const api = stubConsoleApi({
      'GET /admin/tickets': () => json(200, { tickets: [summary, overdue], nextCursor: null, assignees: [SAM] }),
    });
    renderConsolePage(<AdminTicketsPage />, { route: 'inbox', path: '/admin/inbox', me: supportMe });
    const table = await screen.findByRole('table', { name: 'Tickets matching the filters' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(
      /The player stops at 2 minutes.*TKT-20261127-7F3K9Q.*Priya Sharma.*Technical Support.*Critical.*Open.*Unassigned.*1 h 35 min left.*Target 2 h/,
    );
    expect(second).toHaveTextContent(/Invoice address.*Billing & Payments.*Sam Support.*Overdue by 1 h 20 min/);
    expect(within(table).getByRole('link', { name: 'The player stops at 2 minutes' })).toHaveAttribute(
      'href',
      `/admin/inbox/${TICKET}`,
    );
    expect(screen.getByText('2 tickets, all shown')).toBeInTheDocument();
    // Open tickets, newest first, by default.
    expect(listCalls(api)).toEqual([{ status: 'open', sort: 'newest', limit: '50' }]);
  });

  it('filters by status, assignee and category, most urgent first, and keeps the filters in the URL', async () => {
    const api = stubConsoleApi({
      'GET /admin/tickets': () => json(200, { tickets: [], nextCursor: null, assignees: [SAM] }),
    });
    const router = renderConsolePage(<AdminTicketsPage />, { route: 'inbox', path: '/admin/inbox', me: supportMe });
    const user = userEvent.setup();
    expect(await screen.findByText('No tickets match these filters.')).toBeInTheDocument();
    const form = screen.getByRole('search', { name: 'Tickets' });
    await user.selectOptions(within(form).getByLabelText('Status'), 'Any status');
    await user.selectOptions(within(form).getByLabelText('Assignee'), 'Assigned to me');
    // (By value: user-event compares an option's innerHTML, where & is &amp;.)
    await user.selectOptions(within(form).getByLabelText('Category'), 'billing');
    await user.selectOptions(within(form).getByLabelText('Order'), 'Most urgent first');
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({ assignee: 'me', category: 'billing', sort: 'urgent', limit: '50' }),
    );
    expect(router.state.location.search).toBe('?status=any&assignee=me&category=billing&sort=urgent');
    await user.selectOptions(within(form).getByLabelText('Assignee'), 'Sam Support');
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ assignee: SAM.id }));
  });

  it('pages with Load more, asking for the cursor the last page ended with', async () => {
    const api = stubConsoleApi({
      'GET /admin/tickets': ({ query }) =>
        json(
          200,
          query.get('cursor')
            ? { tickets: [overdue], nextCursor: null, assignees: [] }
            : { tickets: [summary], nextCursor: 'bmV3ZXN0', assignees: [] },
        ),
    });
    renderConsolePage(<AdminTicketsPage />, { route: 'inbox', path: '/admin/inbox' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more tickets' }));
    expect(await screen.findByRole('link', { name: 'Invoice address' })).toBeInTheDocument();
    expect(listCalls(api).at(-1)).toMatchObject({ cursor: 'bmV3ZXN0' });
  });

  it('words the target at its boundaries', () => {
    expect(formatMinutes(0)).toBe('less than a minute');
    expect(formatMinutes(59)).toBe('59 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(1440 + 61)).toBe('1 d 1 h');
    expect(targetText({ hours: 2, state: 'due', dueAt: 'x', minutes: 0 }, 'open').text).toBe('less than a minute left');
    expect(targetText({ hours: 2, state: 'overdue', dueAt: 'x', minutes: 0 }, 'open').text).toBe('Overdue just now');
    expect(targetText({ hours: 2, state: 'none', dueAt: null, minutes: null }, 'waiting').text).toBe('Answered');
    expect(targetText({ hours: 2, state: 'none', dueAt: null, minutes: null }, 'closed').text).toBe('Closed');
  });
});

describe('A ticket', () => {
  const page = () =>
    renderConsolePage(<AdminTicketPage />, { route: 'inbox/:ticketId', path: `/admin/inbox/${TICKET}` });

  it('shows the facts, the target, the thread with notes marked internal, and the learner with their orders', async () => {
    stubConsoleApi({
      [`GET /admin/tickets/${TICKET}`]: () => json(200, detail),
      [`GET /admin/learners/${LEARNER_ID}`]: () => json(200, learner),
    });
    page();
    expect(await screen.findByRole('heading', { level: 2, name: summary.subject })).toBeInTheDocument();
    expect(screen.getByText(TICKET)).toBeInTheDocument();
    expect(screen.getByText('1 h 35 min left')).toBeInTheDocument();
    expect(screen.getByText('Not answered yet')).toBeInTheDocument();
    const thread = screen.getByRole('region', { name: 'Conversation' });
    expect(within(thread).getByRole('article', { name: 'Priya Sharma wrote' })).toHaveTextContent(
      'Lesson 3 stops playing.',
    );
    expect(within(thread).getByRole('article', { name: 'Internal note by Sam Support' })).toHaveTextContent(
      'CDN issue?',
    );
    const side = screen.getByRole('region', { name: 'Learner' });
    expect(within(side).getByRole('link', { name: 'Priya Sharma' })).toHaveAttribute(
      'href',
      `/admin/learners/${LEARNER_ID}`,
    );
    expect(await within(side).findByRole('link', { name: 'order_Pq1' })).toHaveAttribute(
      'href',
      '/admin/orders/order_Pq1',
    );
  });

  it('assigns the ticket to me at the version shown, and says so', async () => {
    const api = stubConsoleApi({
      [`GET /admin/tickets/${TICKET}`]: () => json(200, detail),
      [`GET /admin/learners/${LEARNER_ID}`]: () => json(200, learner),
      [`PATCH /admin/tickets/${TICKET}`]: () =>
        json(200, { ...detail, version: 4, assignee: { id: ME, name: 'Ada Admin', email: 'ada@example.com' } }),
    });
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('The ticket is assigned to you.')).toBeInTheDocument();
    expect(api.sent(`PATCH /admin/tickets/${TICKET}`)).toEqual([{ version: 3, assigneeId: ME }]);
    expect(screen.getByLabelText('Assignee')).toHaveValue(ME);
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
  });

  it('replies (waiting on the learner unless chosen otherwise), refusing an empty reply before asking', async () => {
    const api = stubConsoleApi({
      [`GET /admin/tickets/${TICKET}`]: () => json(200, detail),
      [`GET /admin/learners/${LEARNER_ID}`]: () => json(200, learner),
      [`POST /admin/tickets/${TICKET}/replies`]: ({ body }) =>
        json(200, { ...detail, status: (body as { status: string }).status, version: 4 }),
    });
    page();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Reply to the learner' });
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(within(form).getByText('Write the reply.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Reply/)).toHaveFocus();
    expect(
      within(form).getByText(/Emailed to priya@example.in with the ticket id TKT-20261127-7F3K9Q/),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Reply/), 'Please try another browser.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText('Reply emailed to priya@example.in. The ticket is waiting on learner.'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Reply/), 'Fixed.');
    await user.selectOptions(within(form).getByLabelText('Status after the reply'), 'Closed');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(api.sent(`POST /admin/tickets/${TICKET}/replies`)).toEqual([
        { message: 'Please try another browser.', status: 'waiting' },
        { message: 'Fixed.', status: 'closed' },
      ]),
    );
  });

  it('adds an internal note', async () => {
    const api = stubConsoleApi({
      [`GET /admin/tickets/${TICKET}`]: () => json(200, detail),
      [`GET /admin/learners/${LEARNER_ID}`]: () => json(200, learner),
      [`POST /admin/tickets/${TICKET}/notes`]: () => json(200, detail),
    });
    page();
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Internal note' });
    expect(within(form).getByText('For staff only: never emailed to the learner.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Note/), 'Asked on the phone too.');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added. Only staff see it.')).toBeInTheDocument();
    expect(api.sent(`POST /admin/tickets/${TICKET}/notes`)).toEqual([{ note: 'Asked on the phone too.' }]);
  });

  it('explains a change refused because the ticket changed meanwhile, and shows it as it is now', async () => {
    let reads = 0;
    stubConsoleApi({
      [`GET /admin/tickets/${TICKET}`]: () => {
        reads += 1;
        return json(200, reads === 1 ? detail : { ...detail, version: 4, status: 'open' });
      },
      [`GET /admin/learners/${LEARNER_ID}`]: () => json(200, learner),
      [`PATCH /admin/tickets/${TICKET}`]: () =>
        json(409, {
          code: 'stale_version',
          detail: 'This ticket changed at 2026-11-27T05:20:00Z since you opened it.',
        }),
    });
    page();
    const user = userEvent.setup();
    const manage = await screen.findByRole('region', { name: 'Ticket' });
    await user.selectOptions(within(manage).getByLabelText('Status'), 'Closed');
    await user.click(within(manage).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/This ticket changed since you opened it/)).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    expect(within(screen.getByRole('region', { name: 'Ticket' })).getByLabelText('Status')).toHaveValue('open');
  });

  it('says plainly when the ticket does not exist', async () => {
    stubConsoleApi({
      [`GET /admin/tickets/${TICKET}`]: () =>
        json(404, { code: 'ticket_not_found', detail: 'There is no ticket with this id.' }),
    });
    page();
    expect(await screen.findByText('There is no ticket with this id.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support inbox' })).toHaveAttribute('href', '/admin/inbox');
  });
});
