import { achievementSchema, dashboardEnrollmentSchema, dashboardSchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../../../test/app.ts';
import { asLearner, createLearner, enroll, type Learner } from '../learning/test-support.ts';
import { countQueries, recordProgress } from './test-support.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('GET /dashboard', () => {
  const ctx = useTestApp();
  const at = (minutesAgo: number) => new Date(ctx.clock.now.getTime() - minutesAgo * 60_000);
  const dashboard = async (learner: Learner | null) => {
    const res = await asLearner(ctx, learner).get('/api/v1/dashboard');
    return { res, body: res.statusCode === 200 ? dashboardSchema.parse(res.json()) : null };
  };

  /**
   * python-for-ai (6 lessons, permanent): 01 and 02 completed, 04 half watched → 2/6 = 33%, 190 s.
   * rag-from-scratch (9 lessons and a quiz, a week still running): 01 and 03 completed, not 02 → 2/10 = 20%, 192 s,
   *   next lesson 02; active more recently, so listed first.
   * responsible-ai (a week that has expired): 01 completed, 96 s: not listed, but it was an enrollment.
   * prompt-engineering (not enrolled): 3,200 s of its free hour-long lesson, under 90%: not completed.
   */
  async function seededLearner() {
    const learner = await createLearner(ctx);
    const { db } = ctx.database;
    await enroll(ctx, learner, 'python-for-ai');
    await enroll(ctx, learner, 'rag-from-scratch', {
      accessType: 'weekly',
      expiresAt: new Date(ctx.clock.now.getTime() + 3 * DAY),
    });
    await enroll(ctx, learner, 'responsible-ai', {
      accessType: 'weekly',
      expiresAt: new Date(ctx.clock.now.getTime() - DAY),
    });
    await recordProgress(db, learner.id, [
      { lessonId: 'python-for-ai-01', courseId: 'python-for-ai', watchedSeconds: 96, completed: true, at: at(300) },
      { lessonId: 'python-for-ai-02', courseId: 'python-for-ai', watchedSeconds: 64, completed: true, at: at(290) },
      { lessonId: 'python-for-ai-04', courseId: 'python-for-ai', watchedSeconds: 30, completed: false, at: at(280) },
      {
        lessonId: 'rag-from-scratch-01',
        courseId: 'rag-from-scratch',
        watchedSeconds: 96,
        completed: true,
        at: at(20),
      },
      {
        lessonId: 'rag-from-scratch-03',
        courseId: 'rag-from-scratch',
        watchedSeconds: 96,
        completed: true,
        at: at(10),
      },
      { lessonId: 'responsible-ai-01', courseId: 'responsible-ai', watchedSeconds: 96, completed: true, at: at(900) },
      {
        lessonId: 'prompt-engineering-02',
        courseId: 'prompt-engineering',
        watchedSeconds: 3200,
        completed: false,
        at: at(600),
      },
    ]);
    return learner;
  }

  it('computes progress, time, next lesson, metrics and achievements from the learner’s rows', async () => {
    const learner = await seededLearner();
    const { res, body } = await dashboard(learner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(body).toEqual({
      enrollments: [
        {
          id: 'rag-from-scratch',
          title: 'RAG from Scratch',
          // 2 of its 9 lessons, its one quiz not passed: 2 / 10.
          progress: 20,
          timeSpent: '3m',
          nextLesson: { id: 'rag-from-scratch-02', title: 'Loading and chunking documents' },
        },
        {
          id: 'python-for-ai',
          title: 'Python for AI Engineers',
          progress: 33,
          timeSpent: '3m',
          nextLesson: { id: 'python-for-ai-03', title: 'NumPy arrays and vectorisation' },
        },
      ],
      metrics: {
        coursesEnrolled: 2,
        // 190 + 192 + 96 + 3,200 = 3,678 s, free previews and expired courses included.
        timeSpentLearning: '1h 1m',
        // (33 + 20) / 2 = 26.5
        averageProgress: 27,
        achievementsEarned: 3,
      },
      achievements: [
        { title: 'First Steps', description: 'Enroll in your first course.', icon: 'BookOpen', earned: true },
        { title: 'First Lesson', description: 'Complete your first lesson.', icon: 'Award', earned: true },
        { title: 'Dedicated Learner', description: 'Spend one hour watching lessons.', icon: 'Clock', earned: true },
        { title: 'Halfway There', description: 'Reach 50% progress in a course.', icon: 'TrendingUp', earned: false },
        {
          title: 'Certified',
          description: 'Earn your first certificate: watch every lesson of a course and pass its quizzes.',
          icon: 'Award',
          earned: false,
        },
      ],
    });
  });

  it('shows a finished course at 100% with no next lesson, which earns Halfway There', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'responsible-ai');
    const lessons = ['01', '02', '03', '04', '05'];
    const seconds = [96, 64, 64, 96, 64];
    await recordProgress(
      ctx.database.db,
      learner.id,
      lessons.map((n, i) => ({
        lessonId: `responsible-ai-${n}`,
        courseId: 'responsible-ai',
        watchedSeconds: seconds[i] ?? 0,
        completed: true,
        at: at(5),
      })),
    );
    const { body } = await dashboard(learner);
    expect(body?.enrollments).toEqual([
      { id: 'responsible-ai', title: 'Responsible AI for Engineers', progress: 100, timeSpent: '6m', nextLesson: null },
    ]);
    expect(body?.metrics).toEqual({
      coursesEnrolled: 1,
      timeSpentLearning: '6m',
      averageProgress: 100,
      achievementsEarned: 3,
    });
    expect(body?.achievements.find((a) => a.title === 'Halfway There')?.earned).toBe(true);
    expect(body?.achievements.find((a) => a.title === 'Dedicated Learner')?.earned).toBe(false);
  });

  it('counts a lesson watched but under 90% as not completed: it stays the next lesson', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'responsible-ai');
    await recordProgress(ctx.database.db, learner.id, [
      { lessonId: 'responsible-ai-01', courseId: 'responsible-ai', watchedSeconds: 80, completed: false, at: at(1) },
    ]);
    const { body } = await dashboard(learner);
    expect(body?.enrollments[0]).toMatchObject({
      progress: 0,
      timeSpent: '1m',
      nextLesson: { id: 'responsible-ai-01', title: 'Why responsible AI is an engineering job' },
    });
  });

  it("shows under a minute of watching as '< 1m', not '0m', on the course and in the metric", async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'responsible-ai');
    await recordProgress(ctx.database.db, learner.id, [
      { lessonId: 'responsible-ai-01', courseId: 'responsible-ai', watchedSeconds: 20, completed: false, at: at(1) },
    ]);
    const { body } = await dashboard(learner);
    expect(body?.enrollments[0]).toMatchObject({ progress: 0, timeSpent: '< 1m' });
    expect(body?.metrics.timeSpentLearning).toBe('< 1m');
  });

  it('gives a new learner an empty dashboard with nothing earned', async () => {
    const { body } = await dashboard(await createLearner(ctx));
    expect(body).toEqual({
      enrollments: [],
      metrics: { coursesEnrolled: 0, timeSpentLearning: '0m', averageProgress: 0, achievementsEarned: 0 },
      achievements: expect.any(Array),
    });
    expect(body?.achievements.map((a) => [a.title, a.earned])).toEqual([
      ['First Steps', false],
      ['First Lesson', false],
      ['Dedicated Learner', false],
      ['Halfway There', false],
      ['Certified', false],
    ]);
  });

  it('never shows another learner’s courses or time', async () => {
    await seededLearner();
    const other = await createLearner(ctx);
    await enroll(ctx, other, 'python-for-ai');
    const { body } = await dashboard(other);
    expect(body?.enrollments).toEqual([
      {
        id: 'python-for-ai',
        title: 'Python for AI Engineers',
        progress: 0,
        timeSpent: '0m',
        nextLesson: { id: 'python-for-ai-01', title: 'Welcome and setup' },
      },
    ]);
    expect(body?.metrics.timeSpentLearning).toBe('0m');
  });

  it('needs sign-in', async () => {
    const { res } = await dashboard(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Please sign in to continue.', code: 'unauthorized' });
  });

  it('answers in the same number of queries for 1 course as for 10 (no query per course)', async () => {
    const few = await createLearner(ctx);
    await enroll(ctx, few, 'python-for-ai');
    const many = await createLearner(ctx);
    const courseIds = [
      'python-for-ai',
      'rag-from-scratch',
      'responsible-ai',
      'prompt-engineering',
      'ml-foundations',
      'computer-vision',
      'llm-evaluation',
      'vector-databases',
      'transformers-explained',
      'multimodal-apps',
    ];
    for (const id of courseIds) await enroll(ctx, many, id);
    await recordProgress(
      ctx.database.db,
      many.id,
      courseIds.map((id) => ({ lessonId: `${id}-01`, courseId: id, watchedSeconds: 60, completed: true, at: at(1) })),
    );

    let body: z.infer<typeof dashboardSchema> | null = null;
    const oneCourse = await countQueries(ctx.database.db, () => dashboard(few));
    const tenCourses = await countQueries(ctx.database.db, async () => {
      body = (await dashboard(many)).body;
    });
    expect((body as z.infer<typeof dashboardSchema> | null)?.enrollments).toHaveLength(10);
    expect(tenCourses).toBe(oneCourse);
    // The session lookup, the courses with their figures, the learner's totals.
    expect(tenCourses).toBe(3);
  });
});

describe('GET /users/me/enrollments and /users/me/achievements', () => {
  const ctx = useTestApp();

  it('answer the same enrollments and achievements as the dashboard', async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, 'python-for-ai');
    await recordProgress(ctx.database.db, learner.id, [
      { lessonId: 'python-for-ai-01', courseId: 'python-for-ai', watchedSeconds: 96, completed: true, at: new Date() },
    ]);
    const as = asLearner(ctx, learner);
    const dashboard = dashboardSchema.parse((await as.get('/api/v1/dashboard')).json());
    const enrollments = await as.get('/api/v1/users/me/enrollments');
    const achievements = await as.get('/api/v1/users/me/achievements');
    expect(enrollments.statusCode).toBe(200);
    expect(z.array(dashboardEnrollmentSchema).parse(enrollments.json())).toEqual(dashboard.enrollments);
    expect(dashboard.enrollments[0]).toMatchObject({ progress: 17, timeSpent: '1m' });
    expect(achievements.statusCode).toBe(200);
    expect(z.array(achievementSchema).parse(achievements.json())).toEqual(dashboard.achievements);
  });

  it('need sign-in', async () => {
    for (const url of ['/api/v1/users/me/enrollments', '/api/v1/users/me/achievements']) {
      expect((await asLearner(ctx, null).get(url)).statusCode).toBe(401);
    }
  });
});
