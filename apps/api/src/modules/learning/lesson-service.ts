import type { LessonDetail, SignedVideo } from '@kaushal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lessonProgress, videoSessions } from '../../db/schema.ts';
import type { MediaStore } from '../../providers/media/media-store.ts';
import { formatDuration, resourcesOfLessons } from '../catalogue/index.ts';
import { type LessonRow, requireVideo } from './lesson-access.ts';

/** A saved position this close to the end means "finished": the next visit starts from the beginning. */
export const RESTART_NEAR_END_SECONDS = 5;

/** Where the player starts: the saved position, or 0 when the lesson was completed or watched to the end. */
export function startPosition(
  progress: { resumeSeconds: number; completed: boolean } | undefined,
  durationSeconds: number,
): number {
  if (!progress || progress.completed) return 0;
  return progress.resumeSeconds >= durationSeconds - RESTART_NEAR_END_SECONDS ? 0 : progress.resumeSeconds;
}

async function videoUrl(media: MediaStore, lesson: LessonRow, now: Date): Promise<string | null> {
  if (!lesson.videoType || !lesson.videoRef) return null;
  return lesson.videoType === 'direct' ? (await media.signedUrl(lesson.videoRef, now)).url : lesson.videoRef;
}

export async function lessonDetail(
  db: Db,
  media: MediaStore,
  lesson: LessonRow,
  userId: string,
  now: Date,
): Promise<LessonDetail> {
  const [progress] = await db
    .select({ resumeSeconds: lessonProgress.resumeSeconds, completed: lessonProgress.completed })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)))
    .limit(1);
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    title: lesson.title,
    description: lesson.description,
    isFree: lesson.isFree,
    duration: formatDuration(lesson.durationSeconds),
    durationSeconds: lesson.durationSeconds,
    video_url: await videoUrl(media, lesson, now),
    video_type: lesson.videoType,
    captions: lesson.videoType
      ? await Promise.all(
          lesson.captions.map(async (c) => ({
            lang: c.lang,
            label: c.label,
            url: (await media.signedUrl(c.key, now)).url,
          })),
        )
      : [],
    resumeSeconds: startPosition(progress, lesson.durationSeconds),
    completed: progress?.completed ?? false,
    resources: (await resourcesOfLessons(db, [lesson.id])).get(lesson.id) ?? [],
  };
}

/**
 * Opens a video session for this playback and records where it starts: the player begins at the start
 * position now, which is the first sample the honest-completion rule measures later reports against.
 */
export async function openVideoSession(
  db: Db,
  media: MediaStore,
  lesson: LessonRow,
  userId: string,
  now: Date,
): Promise<SignedVideo> {
  const video = requireVideo(lesson);
  const nearEnd = lesson.durationSeconds - RESTART_NEAR_END_SECONDS;
  const [[session]] = await Promise.all([
    db
      .insert(videoSessions)
      .values({ userId, lessonId: lesson.id, createdAt: now })
      .returning({ id: videoSessions.id }),
    db
      .insert(lessonProgress)
      .values({ userId, lessonId: lesson.id, courseId: lesson.courseId, resumeSeconds: 0, updatedAt: now })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: {
          resumeSeconds: sql`case when ${lessonProgress.completed} or ${lessonProgress.resumeSeconds} >= ${nearEnd} then 0 else ${lessonProgress.resumeSeconds} end`,
          updatedAt: now,
          // A new playback starts here: no pace is carried into it from an earlier one.
          paceSlackSeconds: 0,
        },
      }),
  ]);
  if (!session) throw new Error('video session insert returned no row');
  return {
    url: video.type === 'direct' ? (await media.signedUrl(video.ref, now)).url : video.ref,
    type: video.type,
    sessionId: session.id,
  };
}
