import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { courses, enrollments, users } from '../../db/schema.ts';
import { createSession, SESSION_COOKIE } from '../auth/session.ts';

describe('catalogue cache', () => {
  const ctx = useTestApp({ env: { CATALOGUE_CACHE_SECONDS: '60' } });

  it('answers 304 to a client that has the current ETag', async () => {
    const first = await ctx.app.inject('/api/v1/courses/featured');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('public');
    const etag = String(first.headers.etag);
    const again = await ctx.app.inject({ url: '/api/v1/courses/featured', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("serves a course page from the cache to visitors and adds a signed-in learner's own access", async () => {
    const [course] = await ctx.database.db.select().from(courses).limit(1);
    const url = `/api/v1/courses/${course?.id}`;
    const before = await ctx.app.inject(url);
    await ctx.database.db
      .update(courses)
      .set({ title: 'Renamed' })
      .where(eq(courses.id, course?.id ?? ''));
    const cached = await ctx.app.inject(url);
    expect(cached.json().title).toBe(before.json().title);
    expect(cached.headers['cache-control']).toBe('private, no-cache');
    const [user] = await ctx.database.db
      .insert(users)
      .values({ email: 'cache@example.com', name: 'Cache Learner' })
      .returning({ id: users.id });
    await ctx.database.db
      .insert(enrollments)
      .values({ userId: user?.id ?? '', courseId: course?.id ?? '', accessType: 'permanent', source: 'free' });
    const { token } = await createSession(ctx.database.db, user?.id ?? '', new Date());
    const mine = await ctx.app.inject({ url, cookies: { [SESSION_COOKIE]: token } });
    expect(mine.json()).toMatchObject({ isEnrolled: true, enrollmentStatus: { status: 'permanent' } });
    expect((await ctx.app.inject(url)).json().isEnrolled).toBe(false);
    const unknown = await ctx.app.inject('/api/v1/courses/no-such-course');
    expect(unknown.statusCode).toBe(404);
  });
});
