import { courseDetailSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createLearner, enrollmentsOf, get, post } from '../../../test/payments.ts';
import { courses } from '../../db/schema.ts';

const FREE = 'python-for-ai';
const PAID = 'rag-from-scratch';

describe('free enrollment: POST /courses/:id/enroll', () => {
  const ctx = useTestApp();

  const enrolledCount = async (id: string) =>
    (await ctx.database.db.select({ n: courses.enrolledCount }).from(courses).where(eq(courses.id, id)))[0]?.n;

  it('enrolls a signed-in learner in a free course for good, and the course page says so', async () => {
    const learner = await createLearner(ctx);
    const res = await post(ctx, `/api/v1/courses/${FREE}/enroll`, learner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You are enrolled in this course.' });

    const rows = await enrollmentsOf(ctx.database, learner.id, FREE);
    expect(rows).toMatchObject([{ accessType: 'permanent', expiresAt: null, source: 'free' }]);
    expect(await enrolledCount(FREE)).toBe(1);

    const course = courseDetailSchema.parse((await get(ctx, `/api/v1/courses/${FREE}`, learner)).json());
    expect(course.isEnrolled).toBe(true);
    expect(course.enrollmentStatus).toEqual({
      enrolled: true,
      status: 'permanent',
      message: 'You have lifetime access to this course.',
    });
  });

  it('answers a repeat with success and changes nothing, also when the repeats race', async () => {
    const learner = await createLearner(ctx);
    const first = await post(ctx, `/api/v1/courses/${FREE}/enroll`, learner);
    const [before] = await enrollmentsOf(ctx.database, learner.id, FREE);
    const again = await Promise.all([1, 2, 3].map(() => post(ctx, `/api/v1/courses/${FREE}/enroll`, learner)));
    expect([first, ...again].map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const after = await enrollmentsOf(ctx.database, learner.id, FREE);
    expect(after).toHaveLength(1);
    expect(after[0]?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
    expect(await enrolledCount(FREE)).toBe(1);
  });

  it('counts two racing first enrollments of different learners once each', async () => {
    const [a, b] = await Promise.all([createLearner(ctx), createLearner(ctx)]);
    await Promise.all([a, b].map((l) => post(ctx, `/api/v1/courses/${FREE}/enroll`, l ?? null)));
    expect(await enrolledCount(FREE)).toBe(2);
  });

  it('refuses a paid course with a readable 400 and enrolls nobody', async () => {
    const learner = await createLearner(ctx);
    const res = await post(ctx, `/api/v1/courses/${PAID}/enroll`, learner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'This course is not free. Choose a pricing option to enroll.',
      code: 'course_not_free',
    });
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
  });

  it('needs a signed-in learner', async () => {
    const res = await post(ctx, `/api/v1/courses/${FREE}/enroll`, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Please sign in to continue.');
  });

  it('answers 404 for an unknown or unpublished course and 400 for a malformed id', async () => {
    const learner = await createLearner(ctx);
    const unknown = await post(ctx, '/api/v1/courses/no-such-course/enroll', learner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'We could not find that course.', code: 'course_not_found' });

    await ctx.database.db.update(courses).set({ published: false }).where(eq(courses.id, FREE));
    expect((await post(ctx, `/api/v1/courses/${FREE}/enroll`, learner)).statusCode).toBe(404);

    const malformed = await post(ctx, '/api/v1/courses/Bad%20Id/enroll', learner);
    expect(malformed.statusCode).toBe(400);
    expect(await enrollmentsOf(ctx.database, learner.id)).toEqual([]);
  });
});
