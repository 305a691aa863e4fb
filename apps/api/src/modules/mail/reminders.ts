import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Outbox } from './outbox.ts';
import { type ReminderCourse, reminderMail } from './templates/reminder.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

/** The weekly digest's job: a cron schedule enqueues one run, which fans out one email per learner. */
export const REMINDERS_QUEUE = 'course-reminders';
/** Mondays, 9:00 in India. */
export const REMINDERS_CRON = '0 9 * * 1';

const PAGE = 500;

interface Row {
  user_id: string;
  name: string;
  email: string;
  course_id: string;
  title: string;
  total: number;
  done: number;
  next_id: string;
  next_title: string;
}

/** ISO week of a date (2026-W48), the digest's once-a-week key. */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Queues this week's digest for every learner with course reminders on (the default) and a course they can
 * still watch and have not finished, naming the next lesson of each. Learners are read in pages of 500 in id
 * order; each email has its own transaction and a once-a-week key, so a run cut off and run again sends no
 * one a second digest. Returns how many were queued.
 */
export async function queueWeeklyReminders(
  deps: { db: Db; outbox: Outbox; sessionSecret: string },
  now: Date,
): Promise<number> {
  const week = isoWeek(now);
  let after = '00000000-0000-0000-0000-000000000000';
  let queued = 0;
  for (;;) {
    const page = await deps.db.execute(sql`
      select id from users
      where id > ${after}::uuid and coalesce((settings->>'courseReminders')::boolean, true)
      order by id limit ${PAGE}
    `);
    const ids = (page as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
    const last = ids.at(-1);
    if (!last) return queued;
    const result = await deps.db.execute(sql`
      select p.id as user_id, p.name, p.email, c.id as course_id, c.title,
             t.total::int as total, t.done::int as done, n.id as next_id, n.title as next_title
      from users p
      join enrollments e on e.user_id = p.id and (e.expires_at is null or e.expires_at > ${now.toISOString()}::timestamptz)
      join courses c on c.id = e.course_id and c.published
      cross join lateral (
        select count(*) as total,
               count(*) filter (where exists (
                 select 1 from lesson_progress lp where lp.user_id = p.id and lp.lesson_id = l.id and lp.completed)) as done
        from lessons l where l.course_id = c.id
      ) t
      cross join lateral (
        select l.id, l.title from lessons l
        where l.course_id = c.id and not exists (
          select 1 from lesson_progress lp where lp.user_id = p.id and lp.lesson_id = l.id and lp.completed)
        order by l.position limit 1
      ) n
      where p.id in ${ids}
      order by p.id, e.updated_at desc
    `);
    const rows = (result as unknown as { rows: Row[] }).rows;
    const byUser = new Map<string, { name: string; email: string; courses: ReminderCourse[] }>();
    for (const row of rows) {
      const entry = byUser.get(row.user_id) ?? { name: row.name, email: row.email, courses: [] };
      entry.courses.push({
        courseId: row.course_id,
        title: row.title,
        completedLessons: row.done,
        totalLessons: row.total,
        nextLesson: { id: row.next_id, title: row.next_title },
      });
      byUser.set(row.user_id, entry);
    }
    for (const [userId, learner] of byUser) {
      const outcome = await deps.db.transaction((tx) =>
        deps.outbox.queue(tx, {
          kind: 'reminder',
          dedupeKey: `reminder:${userId}:${week}`,
          userId,
          to: { name: learner.name, address: learner.email },
          mail: (language) =>
            reminderMail(
              deps.outbox.context,
              {
                learnerName: learner.name,
                courses: learner.courses.slice(0, 3),
                unsubscribeUrl: unsubscribeUrl(deps.outbox.context.publicUrl, deps.sessionSecret, userId),
              },
              language,
            ),
          now,
        }),
      );
      if (outcome === 'queued') queued++;
    }
    after = last;
  }
}
