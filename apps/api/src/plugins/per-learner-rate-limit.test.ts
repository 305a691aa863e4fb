import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../test/app.ts';
import { insertLearner, insertSessions } from '../../test/support/learners.ts';
import { SESSION_COOKIE } from '../modules/auth/index.ts';

// POST /payments/create-order allows 20 calls a minute per learner (payments/routes.ts).
const LIMIT = 20;
const createOrder = (cookie: string) => ({
  method: 'POST' as const,
  url: '/api/v1/payments/create-order',
  headers: { origin: TEST_ORIGIN, cookie },
  payload: { courseId: 'no-such-course' },
});

describe('per-learner rate limits', () => {
  const ctx = useTestApp({ seed: false });

  it('count made-up session cookies against the address: a fresh random cookie per call escapes nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 5; i++) {
      const cookie = `${SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`;
      statuses.push((await ctx.app.inject(createOrder(cookie))).statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429, 429]);
  });

  it('give each verified session its own budget, apart from the address and from other sessions', async () => {
    const learner = await insertLearner(ctx.database.db, new Date());
    const [other] = await insertSessions(ctx.database.db, learner.id, 1, new Date());
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await ctx.app.inject(createOrder(learner.cookie))).statusCode);
    expect(statuses.slice(0, LIMIT).includes(429)).toBe(false);
    expect(statuses[LIMIT]).toBe(429);
    // Another session is not limited by the first one's calls (nor by the address, spent by the test above).
    expect((await ctx.app.inject(createOrder(`${SESSION_COOKIE}=${other}`))).statusCode).not.toBe(429);
  });
});
