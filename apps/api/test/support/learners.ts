import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { enrollments, sessions, users } from '../../src/db/schema.ts';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS } from '../../src/modules/auth/session.ts';

/** Test-only: learners, sessions and enrollments written straight into the database. */

export interface TestLearner {
  id: string;
  email: string;
  /** `kaushal_session=<token>` of one session. */
  cookie: string;
}

export async function insertLearner(db: Db, now: Date, name = 'Matrix Learner'): Promise<TestLearner> {
  const email = `learner-${randomUUID()}@example.com`;
  const [user] = await db.insert(users).values({ email, name }).returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  const [token] = await insertSessions(db, user.id, 1, now);
  return { id: user.id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * Many sessions of one learner in one statement. Per-learner rate limits are keyed by session, so a test
 * that sends hundreds of requests as one learner uses a fresh session for each and never meets a 429.
 */
export async function insertSessions(db: Db, userId: string, count: number, now: Date): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values(tokens.map((t) => ({ id: hashToken(t), userId, expiresAt, createdAt: now })));
  return tokens;
}

export async function insertEnrollment(
  db: Db,
  userId: string,
  courseId: string,
  access: { accessType: 'permanent' } | { accessType: 'weekly'; expiresAt: Date },
) {
  await db.insert(enrollments).values({
    userId,
    courseId,
    accessType: access.accessType,
    expiresAt: access.accessType === 'weekly' ? access.expiresAt : null,
    source: 'payment',
  });
}

let addressCounter = 0;
/** A new client address (TEST-NET-2) for each call: per-address rate limits never see the same caller twice. */
export function freshAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}
