import type { AnalyticsDropOff, AnalyticsFunnel, AnalyticsOverview } from '@kaushal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderConsolePage, stubConsoleApi, supportMe } from '../testing';
import { AdminAnalyticsPage } from './admin-analytics-page';

const RANGE = 'from=2026-03-01&to=2026-03-02';

const overview = (money: boolean): AnalyticsOverview => ({
  from: '2026-03-01',
  to: '2026-03-02',
  money,
  days: [
    {
      day: '2026-03-01',
      newLearners: 4,
      enrollmentsFree: 2,
      enrollmentsPaid: 1,
      orders: 1,
      ...(money ? { revenue: 499_900, refunds: 0 } : {}),
    },
    {
      day: '2026-03-02',
      newLearners: 1,
      enrollmentsFree: 0,
      enrollmentsPaid: 1,
      orders: 2,
      ...(money ? { revenue: 100_000, refunds: 99_900 } : {}),
    },
  ],
  courses: [
    {
      courseId: 'rag-from-scratch',
      title: 'RAG from Scratch',
      enrollmentsFree: 2,
      enrollmentsPaid: 2,
      orders: 3,
      ...(money ? { revenue: 599_900, refunds: 99_900 } : {}),
    },
  ],
});

const funnel: AnalyticsFunnel = {
  courseId: 'rag-from-scratch',
  title: 'RAG from Scratch',
  from: '2026-03-01',
  to: '2026-03-02',
  steps: [
    { step: 'visitors', label: 'Course page visitors', count: 40 },
    { step: 'signedIn', label: 'Signed-in visitors', count: 10 },
    { step: 'freeLessonStarted', label: 'Started a free lesson', count: 8 },
    { step: 'enrolled', label: 'Enrolled or paid', count: 4 },
    { step: 'paidLessonStarted', label: 'Started a paid lesson', count: 3 },
    { step: 'completed', label: 'Completed the course', count: 1 },
  ],
  lessons: [
    { lessonId: 'rag-from-scratch-01', title: 'Why RAG', position: 0, isFree: true, viewers: 4, finished: 1 },
    { lessonId: 'rag-from-scratch-02', title: 'Chunking', position: 1, isFree: false, viewers: 0, finished: 0 },
  ],
  rolledUpAt: '2026-03-02T10:00:00.000Z',
};

const dropOff: AnalyticsDropOff = {
  lessonId: 'rag-from-scratch-01',
  courseId: 'rag-from-scratch',
  title: 'Why RAG',
  durationSeconds: 96,
  from: '2026-03-01',
  to: '2026-03-02',
  viewers: 4,
  reach: Array.from({ length: 21 }, (_, step) => {
    const viewers = step === 0 ? 4 : step <= 6 ? 3 : step <= 10 ? 2 : 1;
    return { percent: step * 5, viewers, share: viewers / 4 };
  }),
  lastSeen: Array.from({ length: 21 }, (_, step) => ({
    percent: step * 5,
    viewers: [0, 6, 10, 20].includes(step) ? 1 : 0,
  })),
  rewatched: [{ second: 72, rewatches: 3, views: 2 }],
  rolledUpAt: '2026-03-02T10:00:00.000Z',
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('Analytics', () => {
  it('shows an admin revenue, the course funnel and a lesson’s drop-off with tables of the charted numbers', async () => {
    const api = stubConsoleApi({
      'GET /admin/analytics/overview': () => json(200, overview(true)),
      'GET /admin/analytics/courses/rag-from-scratch/funnel': () => json(200, funnel),
      'GET /admin/analytics/lessons/rag-from-scratch-01/drop-off': () => json(200, dropOff),
    });
    renderConsolePage(<AdminAnalyticsPage />, { route: 'analytics', path: `/admin/analytics?${RANGE}` });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Sales, enrollments and sign-ups' })).toBeInTheDocument();
    expect(screen.getByText('Revenue after refunds', { selector: 'dt' }).nextSibling).toHaveTextContent('₹5,999');
    expect(rowsOf(screen.getByRole('table', { name: 'By course' }))).toEqual([
      ['RAG from Scratch', '2', '2', '3', '₹5,999'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Per day' }))[1]).toEqual(['2 Mar', '1', '0', '1', '2', '₹1,000']);
    expect(Object.fromEntries(api.calls[0]?.query ?? [])).toEqual({ from: '2026-03-01', to: '2026-03-02' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'rag-from-scratch');
    const steps = await screen.findByRole('table', { name: 'Funnel of RAG from Scratch' });
    expect(rowsOf(steps)).toEqual([
      ['Course page visitors', '40', '100%'],
      ['Signed-in visitors', '10', '25%'],
      ['Started a free lesson', '8', '20%'],
      ['Enrolled or paid', '4', '10%'],
      ['Started a paid lesson', '3', '7.5%'],
      ['Completed the course', '1', '2.5%'],
    ]);
    await user.click(screen.getByRole('link', { name: 'Drop-off of Why RAG' }));
    expect(await screen.findByRole('heading', { name: 'Drop-off: Why RAG' })).toBeInTheDocument();
    const points = rowsOf(screen.getByRole('table', { name: 'Drop-off of Why RAG' }));
    expect(points).toHaveLength(21);
    expect(points[0]).toEqual(['0%', '4', '100%', '1']);
    expect(points[6]).toEqual(['30%', '3', '75%', '1']);
    expect(points[7]).toEqual(['35%', '2', '50%', '0']);
    expect(points[20]).toEqual(['100%', '1', '25%', '1']);
    expect(rowsOf(screen.getByRole('table', { name: 'Most rewatched seconds (all time)' }))).toEqual([
      ['1:12', '3', '2'],
    ]);
  });

  it('shows support no money figures, and lets them update the playback figures now', async () => {
    const api = stubConsoleApi({
      'GET /admin/analytics/overview': () => json(200, overview(false)),
      'POST /admin/analytics/refresh': () => json(200, { events: 11, rolledUpAt: '2026-03-02T10:00:00.000Z' }),
    });
    renderConsolePage(<AdminAnalyticsPage />, {
      route: 'analytics',
      path: `/admin/analytics?${RANGE}`,
      me: supportMe,
    });
    expect(await screen.findByRole('heading', { name: 'Enrollments and sign-ups' })).toBeInTheDocument();
    expect(screen.queryByText(/Revenue|₹/)).not.toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'By course' }))).toEqual([['RAG from Scratch', '2', '2', '3']]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update playback figures now' }));
    expect(await screen.findByText(/^Updated: 11 new events counted at/)).toBeInTheDocument();
    // The figures are read again.
    expect(api.calls.filter((c) => c.key === 'GET /admin/analytics/overview').length).toBeGreaterThan(1);
  });

  it('offers an instructor no update button', async () => {
    stubConsoleApi({ 'GET /admin/analytics/overview': () => json(200, overview(false)) });
    renderConsolePage(<AdminAnalyticsPage />, {
      route: 'analytics',
      path: `/admin/analytics?${RANGE}`,
      me: { roles: ['instructor'], instructorOf: ['rag-from-scratch'] },
    });
    expect(await screen.findByRole('table', { name: 'By course' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update playback figures now' })).not.toBeInTheDocument();
  });

  it('refuses a reversed range before asking the API', async () => {
    const api = stubConsoleApi({ 'GET /admin/analytics/overview': () => json(200, overview(true)) });
    renderConsolePage(<AdminAnalyticsPage />, { route: 'analytics', path: `/admin/analytics?${RANGE}` });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'By course' });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The last day must be on or after the first day.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key === 'GET /admin/analytics/overview')).toHaveLength(1);
  });
});
