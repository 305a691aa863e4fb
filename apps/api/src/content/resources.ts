import path from 'node:path';
import { RESOURCE_TYPES, resourceExtensionOf } from '@kaushal/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { lessonResources } from '../db/schema.ts';
import { CONTENT_RESOURCE_PREFIX } from '../providers/media/local-media-store.ts';
import type { CourseFile, ResourceFile } from './schema.ts';

/**
 * Lesson resources between the course files and the database: a resource in content/resources is the media
 * store's `resources/<file>`; one uploaded in the console keeps its own key (decision 020's uploads/…).
 */

type ResourceRow = Omit<typeof lessonResources.$inferInsert, 'id' | 'createdAt' | 'sizeBytes'> & {
  /** Measured by the loader; unknown for course files handed over without it (an export seeded again). */
  sizeBytes: number | undefined;
};

const rowOf = (lessonId: string, resource: ResourceFile, position: number): ResourceRow => {
  const ext = resourceExtensionOf(resource.file);
  return {
    lessonId,
    position,
    title: resource.title,
    fileName: path.posix.basename(resource.file),
    mediaKey: resource.key ?? `${CONTENT_RESOURCE_PREFIX}${resource.file}`,
    // The schema admits only the listed extensions.
    contentType: ext ? RESOURCE_TYPES[ext] : 'application/octet-stream',
    sizeBytes: resource.sizeBytes,
  };
};

const sameRows = (a: ResourceRow[], b: ResourceRow[]) =>
  a.length === b.length &&
  a.every((row, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      row.position === other.position &&
      row.title === other.title &&
      row.fileName === other.fileName &&
      row.mediaKey === other.mediaKey &&
      row.contentType === other.contentType &&
      (row.sizeBytes === undefined || row.sizeBytes === other.sizeBytes)
    );
  });

/**
 * Makes each lesson's resources those its file lists. A lesson whose list already matches is not touched (so
 * importing twice writes nothing and ids stay); one that differs gets its list anew. A size left unknown (files
 * not read by the loader, such as an export seeded again) matches the stored one.
 */
export async function syncLessonResources(tx: Tx, course: CourseFile): Promise<{ written: number; removed: number }> {
  const ids = course.lessons.map((l) => l.id);
  const stored = await tx
    .select()
    .from(lessonResources)
    .where(inArray(lessonResources.lessonId, ids))
    .orderBy(asc(lessonResources.position), asc(lessonResources.createdAt));
  let written = 0;
  let removed = 0;
  for (const lesson of course.lessons) {
    const wanted = (lesson.resources ?? []).map((r, position) => rowOf(lesson.id, r, position));
    const current = stored.filter((r) => r.lessonId === lesson.id).map(({ id: _id, createdAt: _at, ...row }) => row);
    if (sameRows(wanted, current)) continue;
    const deleted = await tx
      .delete(lessonResources)
      .where(inArray(lessonResources.lessonId, [lesson.id]))
      .returning({ id: lessonResources.id });
    if (wanted.length > 0) {
      await tx.insert(lessonResources).values(wanted.map((row) => ({ ...row, sizeBytes: row.sizeBytes ?? 0 })));
    }
    written += wanted.length;
    removed += deleted.length;
  }
  return { written, removed };
}

/** The lessons' resources as the course files write them, by lesson id. */
export async function resourcesForExport(db: Db): Promise<Map<string, ResourceFile[]>> {
  const rows = await db
    .select()
    .from(lessonResources)
    .orderBy(asc(lessonResources.lessonId), asc(lessonResources.position), asc(lessonResources.createdAt));
  const byLesson = new Map<string, ResourceFile[]>();
  for (const row of rows) {
    const file: ResourceFile = row.mediaKey.startsWith(CONTENT_RESOURCE_PREFIX)
      ? { title: row.title, file: row.mediaKey.slice(CONTENT_RESOURCE_PREFIX.length) }
      : { title: row.title, file: row.fileName, key: row.mediaKey, sizeBytes: row.sizeBytes };
    byLesson.set(row.lessonId, [...(byLesson.get(row.lessonId) ?? []), file]);
  }
  return byLesson;
}
