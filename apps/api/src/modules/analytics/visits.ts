import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { istDay } from './session-rollup.ts';

/** Distinct visitors remembered per day in one process; past this, further visits are counted without the check. */
const MAX_REMEMBERED = 200_000;

/**
 * First-party course-page visit counts (decision 026). A visitor is told apart by an HMAC of their IP address
 * and user agent under a secret drawn at random each IST day and kept only in this process's memory: the digests
 * let a visitor count once a day per course, cannot be reversed or matched across days, and are forgotten with
 * the day. Only numbers reach the database, every few seconds: per course and day, how many distinct visitors.
 * Signed-in visitors are also noted per (course, account), an account the product holds already.
 */
export class CoursePageVisits {
  #day = '';
  #secret = randomBytes(32);
  #seen = new Set<string>();
  #pending = new Map<string, number>();
  #learners = new Map<string, string>();

  /** Notes one visit; returns whether it was the visitor's first on this course today. */
  record(courseId: string, visitor: { ip: string; userAgent: string }, userId: string | null, now: Date): boolean {
    const day = istDay(now);
    if (day !== this.#day) {
      this.#day = day;
      this.#secret = randomBytes(32);
      this.#seen.clear();
    }
    if (userId) {
      const key = `${courseId}\n${userId}`;
      if (!this.#learners.has(key)) this.#learners.set(key, day);
    }
    const digest = createHmac('sha256', this.#secret)
      .update(`${courseId}\n${visitor.ip}\n${visitor.userAgent}`)
      .digest('base64url')
      .slice(0, 22);
    if (this.#seen.has(digest)) return false;
    if (this.#seen.size < MAX_REMEMBERED) this.#seen.add(digest);
    const key = `${day}\n${courseId}`;
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
    return true;
  }

  /** Writes the counts gathered since the last flush (visits of unknown courses are dropped here). */
  async flush(db: Db): Promise<void> {
    const pending = [...this.#pending.entries()];
    const learners = [...this.#learners.entries()];
    this.#pending.clear();
    this.#learners.clear();
    try {
      if (pending.length > 0) {
        await db.execute(sql`
          insert into course_page_visits (course_id, day, visitors)
          select v.course_id, v.day, v.visitors
          from (values ${sql.join(
            pending.map(([key, count]) => {
              const [day, courseId] = key.split('\n');
              return sql`(${courseId}, ${day}, ${count}::int)`;
            }),
            sql`, `,
          )}) as v(course_id, day, visitors)
          join courses c on c.id = v.course_id
          on conflict (course_id, day) do update set visitors = course_page_visits.visitors + excluded.visitors`);
      }
      if (learners.length > 0) {
        await db.execute(sql`
          insert into course_page_learners (course_id, user_id, first_day)
          select v.course_id, v.user_id, v.first_day
          from (values ${sql.join(
            learners.map(([key, day]) => {
              const [courseId, userId] = key.split('\n');
              return sql`(${courseId}, ${userId}::uuid, ${day})`;
            }),
            sql`, `,
          )}) as v(course_id, user_id, first_day)
          join courses c on c.id = v.course_id
          join users u on u.id = v.user_id
          on conflict (course_id, user_id) do nothing`);
      }
    } catch (error) {
      // Kept for the next flush (a database outage loses no counts while the process lives).
      for (const [key, count] of pending) this.#pending.set(key, (this.#pending.get(key) ?? 0) + count);
      for (const [key, day] of learners) if (!this.#learners.has(key)) this.#learners.set(key, day);
      throw error;
    }
  }
}
