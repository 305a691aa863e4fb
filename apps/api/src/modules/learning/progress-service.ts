import type { ProgressBody, ProgressResponse } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { freeLessonCompletions, lessonProgress } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { awardCertificateIfEarned } from '../certificates/index.ts';
import type { CourseAccess } from '../enrollment/index.ts';
import type { Outbox } from '../mail/index.ts';
import { type LessonRow, requireVideo } from './lesson-access.ts';
import { creditedRange, isHonestlyComplete, mergeRange, type Range, totalSeconds } from './watched-ranges.ts';

/** A real video can run a little past the length recorded for its lesson. */
export const POSITION_SLACK_SECONDS = 5;

/**
 * Saves a progress report. The resume position is whatever the learner reported (it moves back on a
 * rewind); watched ranges only grow, and only by seconds that playback could really have covered since
 * the previous report (see watched-ranges.ts); completion follows the 90% rule and never reverts.
 * `completed: true` (the video reached its end) on a free lesson of a course the learner is not enrolled in
 * records the free-lesson completion, as the spec's free-lesson flow requires, whatever the 90% rule says.
 * A lesson that becomes complete by that rule may complete the course: the certificate is issued then, in
 * the same transaction (only on that change, so ordinary reports stay one row's work).
 */
export async function saveProgress(
  deps: { db: Db; outbox: Outbox },
  lesson: LessonRow,
  access: CourseAccess,
  userId: string,
  body: ProgressBody,
  now: Date,
): Promise<ProgressResponse> {
  requireVideo(lesson);
  const limit = lesson.durationSeconds + POSITION_SLACK_SECONDS;
  if (body.watchSeconds > limit) {
    throw badRequest(`Invalid request body: watchSeconds must be at most ${limit} for this lesson.`, 'invalid_request');
  }
  const position = Math.min(body.watchSeconds, lesson.durationSeconds);

  return deps.db.transaction(async (tx) => {
    const created = await tx
      .insert(lessonProgress)
      .values({ userId, lessonId: lesson.id, courseId: lesson.courseId, resumeSeconds: position, updatedAt: now })
      .onConflictDoNothing()
      .returning({ userId: lessonProgress.userId });
    // Row lock: two tabs reporting at once are applied one after the other, never over each other.
    const [row] = await tx
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)))
      .for('update');
    if (!row) throw new Error('lesson progress row missing after upsert');

    // A brand-new row has no earlier sample to measure playback against, so it credits nothing.
    const previous = created.length > 0 ? null : { position: row.resumeSeconds, at: row.updatedAt };
    const credit = creditedRange(previous, { position, at: now });
    const ranges: Range[] = credit
      ? mergeRange(row.watchedRanges, credit, lesson.durationSeconds)
      : mergeRange(row.watchedRanges, [0, 0], lesson.durationSeconds);
    const watchedSeconds = Math.max(row.watchedSeconds, totalSeconds(ranges));
    const completed = row.completed || isHonestlyComplete(watchedSeconds, lesson.durationSeconds);

    await tx
      .update(lessonProgress)
      .set({
        resumeSeconds: position,
        watchedSeconds,
        watchedRanges: ranges,
        completed,
        completedAt: row.completedAt ?? (completed ? now : null),
        updatedAt: now,
      })
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)));
    if (completed && !row.completed) {
      await awardCertificateIfEarned(tx, { userId, courseId: lesson.courseId, now, outbox: deps.outbox });
    }

    let hasCompletedFreeLesson = access.hasCompletedFreeLesson;
    if (body.completed && lesson.isFree && !access.isEnrolled && !hasCompletedFreeLesson) {
      await tx
        .insert(freeLessonCompletions)
        .values({ userId, courseId: lesson.courseId, completedAt: now })
        .onConflictDoNothing();
      hasCompletedFreeLesson = true;
    }
    return { lessonId: lesson.id, resumeSeconds: position, watchedSeconds, completed, hasCompletedFreeLesson };
  });
}
