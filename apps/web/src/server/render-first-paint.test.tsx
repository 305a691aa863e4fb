// @vitest-environment node
import type { CourseDetail, CourseList, CourseSummary, User } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { type ApiFetch, renderFirstPaint } from './render-first-paint';

const course = (id: string, title: string): CourseSummary => ({
  id,
  title,
  description: `${title}: a course description long enough to be shown as it is.`,
  difficulty: 'Beginner',
  price: 0,
  thumbnailUrl: `/thumbnails/${id}.svg`,
  instructor: 'Dr. Priya Raman',
  duration: '6 hours',
  students: 1200,
  rating: 4.7,
  lessonCount: 1,
});

const detail: CourseDetail = {
  ...course('python-for-ai', 'Python for AI Engineers'),
  lessons: [
    {
      id: 'py-1',
      title: 'Arrays first',
      description: 'NumPy',
      isFree: true,
      duration: '10:00',
      durationSeconds: 600,
      hasVideo: true,
    },
  ],
  pricingTiers: [],
  enrollmentStatus: null,
  isEnrolled: false,
  hasCompletedFreeLesson: false,
  showPricing: false,
};

const learner: User = { id: 'u1', email: 'asha@example.com', name: 'Asha </script><b>Menon</b>', avatarUrl: null };

/** The API as the server's first paint sees it: each path answered from this table, and every path asked recorded. */
function api(answers: Record<string, { status: number; body: unknown }>) {
  const asked: string[] = [];
  const fetchApi: ApiFetch = async (path) => {
    asked.push(path);
    return answers[path] ?? { status: 404, body: null };
  };
  return { asked, fetchApi };
}

const anonymous = { '/auth/me': { status: 401, body: null } };

describe('renderFirstPaint', () => {
  it('draws the courses page asked for with its data, and hands that data over for the browser', async () => {
    const page: CourseList = {
      items: [course('rag', 'RAG from Scratch'), course('agents', 'AI Agents')],
      page: 2,
      pages: 3,
      total: 20,
    };
    const { asked, fetchApi } = api({ ...anonymous, '/courses?page=2&size=9': { status: 200, body: page } });
    const drawn = await renderFirstPaint('/courses?page=2', fetchApi);
    expect(asked.sort()).toEqual(['/auth/me', '/courses?page=2&size=9']);
    expect(drawn?.html).toContain('<h1');
    expect(drawn?.html).toMatch(/<h2[^>]*><a[^>]*href="\/course\/rag"[^>]*>RAG from Scratch<\/a><\/h2>/);
    expect(drawn?.html).toContain('AI Agents');
    expect(drawn?.html).toMatch(/Page <!-- -->2<!-- --> of <!-- -->3|Page 2 of 3/);
    expect(drawn?.html).toMatch(/href="\/login"[^>]*>Sign In</);
    expect(JSON.parse(drawn?.data ?? '')).toEqual([
      { queryKey: ['auth', 'me'], data: null },
      { queryKey: ['catalogue', 'courses', 2, 9], data: page },
    ]);
  });

  it('draws a course for a signed-in learner, with their name escaped in the markup and in the data', async () => {
    const { fetchApi } = api({
      '/auth/me': { status: 200, body: learner },
      '/courses/python-for-ai': { status: 200, body: detail },
      '/courses/python-for-ai/reviews?page=1&size=3': { status: 200, body: { items: [], page: 1, pages: 0, total: 0 } },
    });
    const drawn = await renderFirstPaint('/course/python-for-ai', fetchApi);
    expect(drawn?.html).toMatch(/<h1[^>]*>Python for AI Engineers<\/h1>/);
    expect(drawn?.html).toContain('Arrays first');
    expect(drawn?.html).not.toContain('</script>');
    expect(drawn?.html).not.toContain('<b>Menon</b>');
    expect(drawn?.data).not.toMatch(/[<>]/);
    expect(JSON.parse(drawn?.data ?? '')[0]).toEqual({ queryKey: ['auth', 'me'], data: learner });
  });

  it('leaves out what the API did not answer with 200: the browser asks again', async () => {
    const { fetchApi } = api({ '/auth/me': { status: 503, body: null } });
    const drawn = await renderFirstPaint('/course/no-such-course', fetchApi);
    expect(drawn?.html).toContain('Loading…');
    expect(JSON.parse(drawn?.data ?? '')).toEqual([]);
  });

  it('draws the static public pages, and nothing of signed-in pages, forms or unknown paths', async () => {
    const about = api(anonymous);
    expect((await renderFirstPaint('/about-us', about.fetchApi))?.html).toContain('<h1');
    expect(about.asked).toEqual(['/auth/me']);
    for (const url of ['/dashboard', '/profile', '/settings', '/login', '/contact-us', '/payment-status', '/nope']) {
      const { asked, fetchApi } = api(anonymous);
      expect(await renderFirstPaint(url, fetchApi)).toBeNull();
      expect(asked).toEqual([]);
    }
  });
});
