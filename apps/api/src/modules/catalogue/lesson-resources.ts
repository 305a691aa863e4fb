import type { LessonResource } from '@kaushal/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lessonResources } from '../../db/schema.ts';

/**
 * The resources of these lessons, each lesson's in order (one query, on the (lesson_id, position) index).
 * Lessons without any are absent from the map.
 */
export async function resourcesOfLessons(
  db: Db | Tx,
  lessonIds: readonly string[],
): Promise<Map<string, LessonResource[]>> {
  const byLesson = new Map<string, LessonResource[]>();
  if (lessonIds.length === 0) return byLesson;
  const rows = await db
    .select({
      id: lessonResources.id,
      lessonId: lessonResources.lessonId,
      title: lessonResources.title,
      fileName: lessonResources.fileName,
      contentType: lessonResources.contentType,
      sizeBytes: lessonResources.sizeBytes,
    })
    .from(lessonResources)
    .where(inArray(lessonResources.lessonId, [...lessonIds]))
    .orderBy(asc(lessonResources.lessonId), asc(lessonResources.position), asc(lessonResources.createdAt));
  for (const { lessonId, ...resource } of rows) {
    const list = byLesson.get(lessonId);
    if (list) list.push(resource);
    else byLesson.set(lessonId, [resource]);
  }
  return byLesson;
}
