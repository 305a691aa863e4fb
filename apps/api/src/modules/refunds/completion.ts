import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lessonProgress, lessons } from '../../db/schema.ts';

/**
 * How much of a course a learner has watched, as the refund policy measures it: honest watched seconds (the
 * distinct seconds played, which seeking never raises), each lesson's capped at its length, over the length
 * of every lesson with a video. 0–100.
 */
export async function courseCompletionPercent(db: Db | Tx, userId: string, courseId: string): Promise<number> {
  const [row] = await db
    .select({
      watched: sql<string>`coalesce(sum(least(coalesce(${lessonProgress.watchedSeconds}, 0), ${lessons.durationSeconds})), 0)`,
      total: sql<string>`coalesce(sum(${lessons.durationSeconds}), 0)`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(eq(lessons.courseId, courseId), isNotNull(lessons.videoType)));
  const total = Number(row?.total ?? 0);
  if (total <= 0) return 0;
  return Math.min(100, (Number(row?.watched ?? 0) / total) * 100);
}
