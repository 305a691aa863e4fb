import { adminCourseDetailSchema, adminQuizSchema, auditListSchema, quizSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createLearner, type Learner } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { courseInstructors, quizAttempts, quizzes } from '../../db/schema.ts';
import { ALL_RIGHT, FIXTURE_QUESTIONS } from '../quizzes/test-support.ts';

/** python-for-ai: published, free (every lesson free: any signed-in learner takes its quizzes), one section. */
const COURSE = 'python-for-ai';
const SECTION = `${COURSE}-s1`;
const quizUrl = `/admin/courses/${COURSE}/sections/${SECTION}/quiz`;

describe('console: section quizzes', () => {
  const ctx = useTestApp();
  const call = (who: Learner | null, method: string, url: string, payload?: unknown) =>
    callAs(ctx, who, method, url, payload);
  const ok = async (who: Learner, method: string, url: string, payload?: unknown) => {
    const response = await call(who, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return adminCourseDetailSchema.parse(response.json());
  };
  const adminQuizzes = async (who: Learner) => {
    const response = await call(who, 'GET', `/admin/courses/${COURSE}/quizzes`);
    expect(response.statusCode, response.body).toBe(200);
    return adminQuizSchema.array().parse(response.json());
  };
  const version = async (who: Learner) => (await ok(who, 'GET', `/admin/courses/${COURSE}`)).version;
  const body = (v: number, title = 'Python check') => ({
    version: v,
    title,
    passPercent: 70,
    questions: FIXTURE_QUESTIONS,
  });
  const clear = () => ctx.database.db.delete(quizzes).where(eq(quizzes.courseId, COURSE));

  it('creates, edits in a draft, publishes in place (attempts kept) and refuses removing an attempted quiz', async () => {
    await clear();
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const learner = await createLearner(ctx, 'Lena Learner');

    // The course is published: the new quiz waits in the draft, learners see none yet.
    let course = await ok(admin, 'PUT', quizUrl, body(await version(admin)));
    expect(course.draft).not.toBeNull();
    expect(await adminQuizzes(admin)).toEqual([
      expect.objectContaining({
        sectionId: SECTION,
        title: 'Python check',
        questions: FIXTURE_QUESTIONS,
        attempted: false,
      }),
    ]);
    expect((await call(learner, 'GET', `/courses/${COURSE}/quizzes`)).json()).toEqual([]);

    course = await ok(admin, 'POST', `/admin/courses/${COURSE}/publish`, { version: course.version });
    const [live] = (await call(learner, 'GET', `/courses/${COURSE}/quizzes`)).json() as Array<{ id: string }>;
    expect(live?.id).toMatch(/^python-for-ai-quiz-[0-9a-f]{8}$/);
    const attempt = await call(learner, 'POST', `/quizzes/${live?.id}/attempts`, { answers: ALL_RIGHT });
    expect(attempt.statusCode, attempt.body).toBe(200);

    // An edit after learners took it: the draft's copy changes, then Publish updates the same quiz.
    course = await ok(admin, 'PUT', quizUrl, body(course.version, 'Python check, revised'));
    expect((await adminQuizzes(admin))[0]).toMatchObject({ title: 'Python check, revised', attempted: true });
    expect(quizSchema.parse((await call(learner, 'GET', `/quizzes/${live?.id}`)).json()).title).toBe('Python check');
    course = await ok(admin, 'POST', `/admin/courses/${COURSE}/publish`, { version: course.version });
    const after = quizSchema.parse((await call(learner, 'GET', `/quizzes/${live?.id}`)).json());
    expect(after).toMatchObject({ title: 'Python check, revised', standing: { bestPercent: 100, passed: true } });
    expect(await ctx.database.db.select().from(quizAttempts)).toHaveLength(1);

    const refused = await call(admin, 'DELETE', `${quizUrl}?version=${course.version}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('quiz_attempted');

    const audit = auditListSchema.parse(
      (await call(admin, 'GET', `/admin/audit?entity=course&entityId=${COURSE}`)).json(),
    );
    expect(audit.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(['quiz.create', 'quiz.update', 'course.publish']),
    );
  });

  it('removes a quiz nobody took, through the draft, and discarding the draft keeps the published one', async () => {
    await clear();
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    let course = await ok(admin, 'PUT', quizUrl, body(await version(admin)));
    course = await ok(admin, 'POST', `/admin/courses/${COURSE}/publish`, { version: course.version });
    course = await ok(admin, 'DELETE', `${quizUrl}?version=${course.version}`);
    expect(await adminQuizzes(admin)).toEqual([]);
    course = await ok(admin, 'POST', `/admin/courses/${COURSE}/discard-draft`, { version: course.version });
    expect(await adminQuizzes(admin)).toHaveLength(1);
    course = await ok(admin, 'DELETE', `${quizUrl}?version=${course.version}`);
    await ok(admin, 'POST', `/admin/courses/${COURSE}/publish`, { version: course.version });
    expect(await ctx.database.db.select().from(quizzes).where(eq(quizzes.courseId, COURSE))).toEqual([]);
  });

  it('validates like the content files, and only the course’s own staff edit it', async () => {
    await clear();
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const v = await version(admin);
    const bad = [
      { ...body(v), passPercent: 0 },
      { ...body(v), questions: [] },
      { ...body(v), questions: [{ ...FIXTURE_QUESTIONS[0], correctOptionIds: ['a', 'b'] }] },
      { ...body(v), questions: [{ ...FIXTURE_QUESTIONS[0], correctOptionIds: ['z'] }] },
      { ...body(v), questions: [FIXTURE_QUESTIONS[0], FIXTURE_QUESTIONS[0]] },
      { ...body(v), title: 'a\u0000b' },
      { ...body(v), answers: {} },
    ];
    for (const payload of bad) {
      const res = await call(admin, 'PUT', quizUrl, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await call(admin, 'PUT', `/admin/courses/${COURSE}/sections/no-such-section/quiz`, body(v))).statusCode,
    ).toBe(404);
    expect((await call(admin, 'DELETE', `${quizUrl}?version=${v}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/admin/courses/no-such-course/quizzes')).statusCode).toBe(404);

    const other = await createStaff(ctx, 'Otto Other', 'instructor');
    const own = await createStaff(ctx, 'Ines Instructor', 'instructor');
    await ctx.database.db.insert(courseInstructors).values({ courseId: COURSE, userId: own.id });
    expect((await call(other, 'PUT', quizUrl, body(v))).statusCode).toBe(403);
    expect((await call(own, 'PUT', quizUrl, body(v))).statusCode).toBe(200);
    expect(await adminQuizzes(own)).toHaveLength(1);
  });
});
