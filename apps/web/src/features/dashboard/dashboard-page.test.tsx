import type { Dashboard } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';
import { json, stubApi } from '@/lib/session/testing';
import { DashboardPage } from './dashboard-page';

const user = { id: 'u1', email: 'asha@example.com', name: 'Asha Menon', avatarUrl: null };
const real: Dashboard = {
  enrollments: [
    {
      id: 'rag-from-scratch',
      title: 'RAG from Scratch',
      progress: 22,
      timeSpent: '3m',
      nextLesson: { id: 'rag-from-scratch-02', title: 'Loading and chunking documents' },
    },
    { id: 'responsible-ai', title: 'Responsible AI for Engineers', progress: 100, timeSpent: '6m', nextLesson: null },
  ],
  metrics: { coursesEnrolled: 2, timeSpentLearning: '1h 1m', averageProgress: 61, achievementsEarned: 3 },
  achievements: [
    { title: 'First Steps', description: 'Enroll in your first course.', icon: 'BookOpen', earned: true },
    { title: 'First Lesson', description: 'Complete your first lesson.', icon: 'Award', earned: true },
    { title: 'Dedicated Learner', description: 'Spend one hour watching lessons.', icon: 'Clock', earned: true },
    { title: 'Halfway There', description: 'Reach 50% progress in a course.', icon: 'TrendingUp', earned: false },
  ],
};

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, user);
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      {/* As react-router/dom's RouterProvider does in the app. */}
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The learner has earned no certificate yet (GET /users/me/certificates). */
const noCertificates = { 'GET /api/v1/users/me/certificates': () => json(200, []) };

const metric = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).closest('li');

describe('DashboardPage', () => {
  it('welcomes the learner and shows their metrics, courses and achievements', async () => {
    stubApi({ 'GET /api/v1/dashboard': () => json(200, real), ...noCertificates });
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Asha Menon!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase history' })).toHaveAttribute('href', '/purchases');
    const course = (await screen.findByRole('heading', { name: 'RAG from Scratch' })).closest('li');
    expect(metric('Courses Enrolled')).toHaveTextContent('2');
    expect(metric('Time Spent Learning')).toHaveTextContent('1h 1m');
    expect(metric('Average Progress')).toHaveTextContent('61%');
    expect(metric('Achievements Earned')).toHaveTextContent('3');

    const rag = within(course as HTMLElement);
    expect(rag.getByRole('progressbar', { name: 'RAG from Scratch progress' })).toHaveAttribute('aria-valuenow', '22');
    expect(rag.getByText('3m')).toBeInTheDocument();
    expect(rag.getByText('Loading and chunking documents')).toBeInTheDocument();
    expect(rag.getByRole('link', { name: /^Continue Learning/ })).toHaveAttribute(
      'href',
      '/course/rag-from-scratch?lesson=rag-from-scratch-02',
    );
    const done = within(
      screen.getByRole('heading', { name: 'Responsible AI for Engineers' }).closest('li') as HTMLElement,
    );
    expect(done.getByText('All lessons completed')).toBeInTheDocument();
    expect(done.getByRole('link', { name: /^Continue Learning/ })).toHaveAttribute('href', '/course/responsible-ai');

    const achievements = within(screen.getByRole('region', { name: 'Achievements' }));
    expect(
      achievements.getAllByRole('listitem').map((li) => [li.querySelector('h3')?.textContent, li.dataset.earned]),
    ).toEqual([
      ['First Steps', 'true'],
      ['First Lesson', 'true'],
      ['Dedicated Learner', 'true'],
      ['Halfway There', 'false'],
    ]);
    expect(within(achievements.getAllByRole('listitem')[3] as HTMLElement).getByText('Locked')).toBeInTheDocument();
    expect(screen.queryByText(/Sample data/)).not.toBeInTheDocument();
  });

  it('invites a learner without courses to browse the catalogue', async () => {
    stubApi({
      ...noCertificates,
      'GET /api/v1/dashboard': () =>
        json(200, {
          ...real,
          enrollments: [],
          metrics: { coursesEnrolled: 0, timeSpentLearning: '0m', averageProgress: 0, achievementsEarned: 0 },
        }),
    });
    renderDashboard();
    expect(await screen.findByText("You haven't enrolled in any courses yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/courses');
  });

  it('falls back to marked sample data when loading fails, and Retry loads the real dashboard', async () => {
    let fail = true;
    const calls = stubApi({
      ...noCertificates,
      'GET /api/v1/dashboard': () => (fail ? json(500, { code: 'internal_error' }) : json(200, real)),
    });
    renderDashboard();
    expect(await screen.findByText(/We couldn't load your dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Sample data\. We couldn't load your dashboard just now/);
    expect(screen.getByRole('heading', { name: 'Introduction to Machine Learning' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deep Learning Fundamentals' })).toBeInTheDocument();
    // Sample data: the spec's two courses and four achievements.
    expect(within(screen.getByRole('region', { name: 'Achievements' })).getAllByRole('listitem')).toHaveLength(4);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'RAG from Scratch' })).toBeInTheDocument();
    expect(screen.queryByText(/Sample data/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Introduction to Machine Learning' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.endsWith('/dashboard'))).toEqual([
      'GET /api/v1/dashboard',
      'GET /api/v1/dashboard',
    ]);
  });

  it('lists the certificates earned, each linked to its public page, a revoked one marked', async () => {
    stubApi({
      'GET /api/v1/dashboard': () => json(200, real),
      'GET /api/v1/users/me/certificates': () =>
        json(200, [
          {
            id: 'OXcBG9QKDC7MW9Fv7NuK0Q',
            course: { id: 'responsible-ai', title: 'Responsible AI for Engineers' },
            issuedAt: '2026-11-20T10:00:00.000Z',
            status: 'verified',
          },
          {
            id: 'AAAAAAAAAAAAAAAAAAAAAA',
            course: { id: 'rag-from-scratch', title: 'RAG from Scratch' },
            issuedAt: '2026-10-02T10:00:00.000Z',
            status: 'revoked',
          },
        ]),
    });
    renderDashboard();
    const section = within(await screen.findByRole('region', { name: 'Certificates' }));
    const links = section.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/certificates/OXcBG9QKDC7MW9Fv7NuK0Q',
      '/certificates/AAAAAAAAAAAAAAAAAAAAAA',
    ]);
    expect(links[0]).toHaveTextContent('Responsible AI for Engineers');
    expect(links[0]).toHaveTextContent('Issued 20 November 2026');
    expect(links[0]).toHaveTextContent('Verified');
    expect(links[1]).toHaveTextContent('Revoked');
  });
});
