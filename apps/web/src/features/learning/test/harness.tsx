import type { CourseDetail, LessonSummary, PricingTier, User } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { dismissToast, Toaster, toast } from '@/components/ui/toast';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';

/** Test-only fixtures and a fake API for the learning feature's component tests. */
export const learner: User = { id: 'learner-1', email: 'a@example.com', name: 'Asha', avatarUrl: null, roles: [] };

const lesson = (id: string, isFree: boolean, hasVideo = true): LessonSummary => ({
  id,
  title: `Lesson ${id}`,
  description: `About ${id}`,
  isFree,
  duration: '1:36',
  durationSeconds: 96,
  hasVideo,
  resources: [],
  section: { id: 'course-s1', title: 'Lessons' },
});
const tier = (id: string, price: number, accessType: PricingTier['accessType']): PricingTier => ({
  id,
  title: `Tier ${id}`,
  description: '',
  price,
  originalPrice: price * 2,
  discountPercentage: 50,
  accessType,
});

export function courseFixture(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    id: 'agents',
    title: 'AI Agents',
    description: '',
    difficulty: 'Advanced',
    price: 7999,
    thumbnailUrl: '',
    instructor: '',
    duration: '',
    students: 1,
    rating: 4.5,
    lessonCount: 4,
    lessons: [lesson('a', true), lesson('b', true), lesson('c', false), lesson('d', false, false)],
    pricingTiers: [
      tier('weekly', 999, 'weekly'),
      tier('lifetime', 7999, 'permanent'),
      tier('team', 19999, 'permanent'),
    ],
    enrollmentStatus: null,
    isEnrolled: false,
    hasCompletedFreeLesson: false,
    showPricing: false,
    lessonProgress: [],
    ...overrides,
  };
}

export function lessonDetail(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    courseId: 'agents',
    title: `Lesson ${id}`,
    description: `About ${id}`,
    isFree: true,
    duration: '1:36',
    durationSeconds: 96,
    video_url: `/api/v1/media/${id}.mp4?exp=1&sig=s`,
    video_type: 'direct',
    captions: [],
    resources: [],
    resumeSeconds: 0,
    completed: false,
    ...overrides,
  };
}

export const SESSION_ID = '0b7a5f44-3c55-4a57-9a5e-2d3c1f3f9c10';

type Handler = (init: RequestInit) => { status?: number; body?: unknown };

/** Answers API calls by "METHOD /path" (path without the /api/v1 prefix and query); records every call. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchMock = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      if (!handler) return new Response(JSON.stringify({ code: 'not_found', detail: 'No route' }), { status: 404 });
      const { status = 200, body: out } = handler(init);
      return new Response(out === undefined ? '' : JSON.stringify(out), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    });
  // sendBeacon would hit the network: record it as a call instead. Spies are restored after each test's
  // cleanup (test/setup.ts), so a player closed by the cleanup still meets the fakes.
  const sendBeacon = vi.spyOn(navigator, 'sendBeacon').mockImplementation((input, data) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    calls.push({ method: 'BEACON', path, body: typeof data === 'string' ? JSON.parse(data) : data });
    return true;
  });
  return { calls, fetchMock, sendBeacon };
}

/** The titled toasts live in a module-level store: empty it (one slot, so replace then dismiss). */
export function resetToasts() {
  dismissToast(toast({ title: 'reset' }));
}

export function renderWithApp(ui: ReactNode, options: { user?: User | null } = {}) {
  resetToasts();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, options.user === undefined ? learner : options.user);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/course/:id', element: ui },
            { path: '/login', element: <h1>Login page</h1> },
          ],
          { initialEntries: ['/course/agents'] },
        )}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** happy-dom has no media playback: stub play/pause, which then fire the events a browser would. */
export function stubMediaPlayback() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
}
