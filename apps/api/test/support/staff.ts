import type { StaffRole } from '@kaushal/contract';
import { userRoles } from '../../src/db/schema.ts';
import { TEST_ORIGIN, type TestContext } from '../app.ts';
import { createLearner, type Learner } from '../payments.ts';

/** A signed-in user holding `roles` (none: a plain learner). */
export async function createStaff(ctx: TestContext, name: string, ...roles: StaffRole[]): Promise<Learner> {
  const person = await createLearner(ctx, name);
  if (roles.length > 0) {
    await ctx.database.db.insert(userRoles).values(roles.map((role) => ({ userId: person.id, role })));
  }
  return person;
}

/** A JSON request to /api/v1 as `who` (anonymous when null), from the web app's origin. */
export function callAs(ctx: TestContext, who: Learner | null, method: string, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
