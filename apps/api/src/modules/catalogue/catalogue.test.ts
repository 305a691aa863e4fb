import { courseDetailSchema, courseListSchema, featuredCoursesSchema, statsSchema } from '@kaushal/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { courses, lessons } from '../../db/schema.ts';

describe('catalogue', () => {
  const ctx = useTestApp();

  it('lists published courses in pages with the defaults 1 and 10', async () => {
    const res = await ctx.app.inject('/api/v1/courses');
    expect(res.statusCode).toBe(200);
    const body = courseListSchema.parse(res.json());
    const total = (await ctx.database.db.select().from(courses)).length;
    expect(body.items).toHaveLength(Math.min(10, total));
    expect(body.pages).toBe(Math.ceil(total / 10));
    expect(body.page).toBe(1);
    expect(body.items[0]?.price).toBeTypeOf('number');
  });

  it('pages by 9 without repeating or skipping a course', async () => {
    const first = courseListSchema.parse((await ctx.app.inject('/api/v1/courses?page=1&size=9')).json());
    const second = courseListSchema.parse((await ctx.app.inject('/api/v1/courses?page=2&size=9')).json());
    const ids = [...first.items, ...second.items].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(first.total);
  });

  it('clamps a page past the end to the last page', async () => {
    const res = await ctx.app.inject('/api/v1/courses?page=999&size=9');
    const body = courseListSchema.parse(res.json());
    expect(body.page).toBe(body.pages);
    expect(body.items.length).toBeGreaterThan(0);
  });

  it.each([
    ['page=0', 'page'],
    ['size=abc', 'size'],
    ['size=51', 'size'],
    ['page=-3', 'page'],
    ['page=1.5', 'page'],
  ])('answers 400 with a detail for ?%s', async (query, field) => {
    const res = await ctx.app.inject(`/api/v1/courses?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect(res.json().detail).toContain(field);
  });

  it('shows an empty catalogue as zero pages', async () => {
    await ctx.database.db.update(courses).set({ published: false });
    const body = courseListSchema.parse((await ctx.app.inject('/api/v1/courses?size=9')).json());
    expect(body).toMatchObject({ items: [], pages: 0, total: 0 });
  });

  it('lists featured courses only', async () => {
    const res = await ctx.app.inject('/api/v1/courses/featured');
    const featured = featuredCoursesSchema.parse(res.json());
    const expected = await ctx.database.db.select().from(courses).where(eq(courses.featured, true));
    expect(featured.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
  });

  it('answers a course with its lessons and tiers, for an anonymous visitor', async () => {
    const [paid] = await ctx.database.db.select().from(courses).where(eq(courses.featured, true)).limit(1);
    const res = await ctx.app.inject(`/api/v1/courses/${paid?.id}`);
    expect(res.statusCode).toBe(200);
    const course = courseDetailSchema.parse(res.json());
    expect(course.lessons.length).toBeGreaterThanOrEqual(5);
    expect(course).toMatchObject({
      isEnrolled: false,
      hasCompletedFreeLesson: false,
      enrollmentStatus: null,
      lessonProgress: [],
    });
    expect(res.headers['cache-control']).toContain('private');
  });

  it('answers 404 with a detail for an unknown course, and 400 for a malformed id', async () => {
    const missing = await ctx.app.inject('/api/v1/courses/does-not-exist');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'We could not find that course.', code: 'course_not_found' });
    const malformed = await ctx.app.inject('/api/v1/courses/..%2F..%2Fetc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBeTruthy();
    const after = await ctx.app.inject('/api/v1/courses');
    expect(after.statusCode).toBe(200);
  });

  it('counts each course’s lessons in lessonCount, in the list, the featured courses and the course page', async () => {
    const counted = await ctx.database.db
      .select({ courseId: lessons.courseId, n: count() })
      .from(lessons)
      .groupBy(lessons.courseId);
    const expected = new Map(counted.map((r) => [r.courseId, r.n]));
    expect([...expected.values()].every((n) => n > 0)).toBe(true);

    const list = courseListSchema.parse((await ctx.app.inject('/api/v1/courses?size=50')).json());
    const featured = featuredCoursesSchema.parse((await ctx.app.inject('/api/v1/courses/featured')).json());
    expect(list.items.length).toBeGreaterThan(0);
    for (const course of [...list.items, ...featured]) {
      expect(course.lessonCount, course.id).toBe(expected.get(course.id) ?? 0);
    }
    const first = list.items[0];
    const detail = courseDetailSchema.parse((await ctx.app.inject(`/api/v1/courses/${first?.id}`)).json());
    expect(detail.lessonCount).toBe(detail.lessons.length);
    expect(detail.lessonCount).toBeGreaterThan(0);
  });

  it('computes stats from the catalogue', async () => {
    const rows = await ctx.database.db.select().from(courses);
    const stats = statsSchema.parse((await ctx.app.inject('/api/v1/stats')).json());
    expect(stats.students).toBe(rows.reduce((sum, c) => sum + c.baseStudents + c.enrolledCount, 0));
    expect(stats.courses).toBe(rows.length);
    expect(stats.rating).toBeCloseTo(rows.reduce((s, c) => s + c.rating, 0) / rows.length, 1);
    expect(stats.success_rate).toBe(95);
  });

  it('pages the reviews of a course', async () => {
    const [course] = await ctx.database.db.select().from(courses).limit(1);
    const res = await ctx.app.inject(`/api/v1/courses/${course?.id}/reviews?size=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeLessThanOrEqual(2);
    expect(res.json().total).toBeGreaterThanOrEqual(3);
  });
});
