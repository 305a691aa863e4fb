// @vitest-environment node
import type {
  CourseDetail,
  CourseList,
  CourseSummary,
  FirstPaintApiFetch,
  FirstPaintModule,
  User,
} from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { shortenDescription } from '@/features/catalogue/lib/shorten-description';
import * as serverEntry from './render-first-paint';

// The module is what the API loads (FirstPaintModule): this assignment fails to compile when they drift.
const firstPaintModule: FirstPaintModule = serverEntry;
const publicUrl = 'https://kaushal.example/';
const renderFirstPaint = (url: string, fetchApi: FirstPaintApiFetch) =>
  firstPaintModule.renderFirstPaint(url, fetchApi, { publicUrl });

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
      resources: [],
      section: { id: 'course-s1', title: 'Lessons' },
    },
  ],
  pricingTiers: [],
  enrollmentStatus: null,
  isEnrolled: false,
  hasCompletedFreeLesson: false,
  showPricing: false,
  lessonProgress: [],
};

const learner: User = {
  id: 'u1',
  email: 'asha@example.com',
  name: 'Asha </script><b>Menon</b>',
  avatarUrl: null,
  roles: [],
};

/** The API as the server's first paint sees it: each path answered from this table, and every path asked recorded. */
function api(answers: Record<string, { status: number; body: unknown }>) {
  const asked: string[] = [];
  const fetchApi: FirstPaintApiFetch = async (path) => {
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

describe("a page's head", () => {
  const reviews = { status: 200, body: { items: [], page: 1, pages: 0, total: 0 } };
  const coursePage = (body: CourseDetail) =>
    api({
      ...anonymous,
      [`/courses/${body.id}`]: { status: 200, body },
      [`/courses/${body.id}/reviews?page=1&size=3`]: reviews,
    });

  it("is the course's title, shortened description and link-preview tags on a course page", async () => {
    const description = `${'Retrieval grounds the answers of a language model in your own documents. '.repeat(4)}`;
    const drawn = await renderFirstPaint('/course/python-for-ai', coursePage({ ...detail, description }).fetchApi);
    const summary = shortenDescription(description, detail.title, detail.difficulty);
    expect(summary.length).toBeLessThan(description.trim().length);
    const head = drawn?.head ?? '';
    expect(head).toContain('<title>Python for AI Engineers | Kaushal AI</title>');
    expect(head).toContain(`<meta name="description" content="${summary}" />`);
    expect(head).toContain('<link rel="canonical" href="https://kaushal.example/course/python-for-ai" />');
    expect(head).toContain('<meta property="og:type" content="website" />');
    expect(head).toContain('<meta property="og:site_name" content="Kaushal AI" />');
    expect(head).toContain('<meta property="og:title" content="Python for AI Engineers" />');
    expect(head).toContain(`<meta property="og:description" content="${summary}" />`);
    expect(head).toContain('<meta property="og:url" content="https://kaushal.example/course/python-for-ai" />');
    expect(head).toContain(
      '<meta property="og:image" content="https://kaushal.example/thumbnails/python-for-ai.svg" />',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary" />');
    expect(head).toContain('<meta name="twitter:title" content="Python for AI Engineers" />');
    expect(head.match(/<title>/g)).toHaveLength(1);
  });

  it('uses the generic line for a course without a description', async () => {
    const drawn = await renderFirstPaint('/course/python-for-ai', coursePage({ ...detail, description: ' ' }).fetchApi);
    expect(drawn?.head).toContain(
      '<meta name="description" content="Master python for ai engineers with hands-on projects and expert guidance, perfect for beginner learners." />',
    );
  });

  it('escapes everything taken from the course', async () => {
    const title = `<script>alert("x")</script> & 'Quotes' $& $1`;
    const drawn = await renderFirstPaint(
      '/course/python-for-ai',
      coursePage({ ...detail, title, description: `Learn "quoting" <b>safely</b> & well.` }).fetchApi,
    );
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Quotes&#39; $&amp; $1';
    expect(drawn?.head).toContain(`<title>${escaped} | Kaushal AI</title>`);
    expect(drawn?.head).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(drawn?.head).toContain(
      '<meta name="description" content="Learn &quot;quoting&quot; &lt;b&gt;safely&lt;/b&gt; &amp; well." />',
    );
    expect(drawn?.head).not.toMatch(/<script>|<b>/);
  });

  it("is index.html's own for an unknown course, a malformed id and pages without a head of their own", async () => {
    for (const url of ['/course/does-not-exist', '/course/%3Cscript%3E', '/', '/courses?page=2', '/about-us/']) {
      const drawn = await renderFirstPaint(url, api(anonymous).fetchApi);
      expect(drawn).not.toBeNull();
      expect(drawn?.head).toBe('');
    }
  });
});
