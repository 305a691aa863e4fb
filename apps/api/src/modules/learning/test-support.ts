import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../../test/app.ts';
import { enrollments, users } from '../../db/schema.ts';
import { createSession, SESSION_COOKIE } from '../auth/session.ts';

/** Test-only helpers of the learning tests: learners with sessions, enrollments, requests as a learner. */
export interface Learner {
  id: string;
  cookie: string;
}

export async function createLearner(ctx: TestContext): Promise<Learner> {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email: `learner-${randomUUID()}@example.com`, name: 'Test Learner' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const { token } = await createSession(ctx.database.db, user.id, ctx.clock.now);
  return { id: user.id, cookie: `${SESSION_COOKIE}=${token}` };
}

export async function enroll(
  ctx: TestContext,
  learner: Learner,
  courseId: string,
  access: { accessType: 'permanent' } | { accessType: 'weekly'; expiresAt: Date } = { accessType: 'permanent' },
) {
  await ctx.database.db.insert(enrollments).values({
    userId: learner.id,
    courseId,
    accessType: access.accessType,
    expiresAt: access.accessType === 'weekly' ? access.expiresAt : null,
    source: 'payment',
  });
}

export function asLearner(ctx: TestContext, learner: Learner | null) {
  const origin = ctx.app.deps.config.publicUrl;
  const headers = (extra: Record<string, string> = {}) => ({
    ...(learner ? { cookie: learner.cookie } : {}),
    ...extra,
  });
  return {
    get: (url: string, extra?: Record<string, string>): Promise<LightMyRequestResponse> =>
      ctx.app.inject({ method: 'GET', url, headers: headers(extra) }),
    put: (url: string, payload: unknown): Promise<LightMyRequestResponse> =>
      ctx.app.inject({ method: 'PUT', url, headers: headers({ origin }), payload: payload as object }),
    post: (url: string, payload: unknown, extra?: Record<string, string>): Promise<LightMyRequestResponse> =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: headers({ origin, ...extra }),
        payload: typeof payload === 'string' ? payload : (payload as object),
      }),
  };
}

/** Moves the test clock forward. */
export const advance = (ctx: TestContext, seconds: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + seconds * 1000);
};
