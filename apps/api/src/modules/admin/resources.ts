import type { AdminCourseDetail } from '@kaushal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lessonResources, lessons } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../audit/index.ts';
import { editContent } from './courses.ts';
import type { WorkingCopy } from './drafts.ts';

/**
 * A lesson's downloadable resources as staff edit them. Each write is a content edit (courses.ts editContent):
 * the course locked at the version the editor saw, written to the draft once the course has been published
 * (decision 021; drafts carry copies of their lessons' resources, resource-drafts.ts), the version bumped and
 * the audit row recorded in the same transaction.
 */

type ResourceRow = typeof lessonResources.$inferSelect;
interface Target {
  courseId: string;
  lessonId: string;
  version: number;
}

const NO_LESSON = 'This course has no such lesson.';
const NO_RESOURCE = 'This lesson has no such resource.';

/** The working copy's row of the lesson the console names (404 when the course has none). */
async function lessonRowOf(tx: Tx, working: WorkingCopy, lessonId: string): Promise<string> {
  const [lesson] = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.id, working.lessonRow(lessonId)), eq(lessons.courseId, working.courseId)));
  if (!lesson) throw notFound(NO_LESSON, 'lesson_not_found');
  return lesson.id;
}

async function resourcesOf(tx: Tx, lessonRow: string): Promise<ResourceRow[]> {
  return tx
    .select()
    .from(lessonResources)
    .where(eq(lessonResources.lessonId, lessonRow))
    .orderBy(asc(lessonResources.position), asc(lessonResources.createdAt));
}

/**
 * The working copy's resource for the id the console sent. The edit that opens a draft copies the resources
 * under new ids, so an id of the published lesson's is followed to its copy (same stored file, same moment).
 */
async function resourceOf(
  tx: Tx,
  working: WorkingCopy,
  target: Target,
  lessonRow: string,
  resourceId: string,
): Promise<ResourceRow> {
  const list = await resourcesOf(tx, lessonRow);
  const own = list.find((r) => r.id === resourceId);
  if (own) return own;
  if (working.draft) {
    const [published] = await tx
      .select()
      .from(lessonResources)
      .where(and(eq(lessonResources.id, resourceId), eq(lessonResources.lessonId, target.lessonId)));
    const copy =
      published &&
      list.find((r) => r.mediaKey === published.mediaKey && r.createdAt.getTime() === published.createdAt.getTime());
    if (copy) return copy;
  }
  throw notFound(NO_RESOURCE, 'resource_not_found');
}

const described = (r: Pick<ResourceRow, 'id' | 'title' | 'fileName' | 'sizeBytes'>) => ({
  id: r.id,
  title: r.title,
  fileName: r.fileName,
  bytes: r.sizeBytes,
});

/** A file already in the media store under `mediaKey` becomes the lesson's last resource. */
export function addLessonResource(
  db: Db,
  actor: Actor,
  target: Target,
  file: { title: string; fileName: string; contentType: string; sizeBytes: number; mediaKey: string },
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, target.courseId, target.version, now, async (tx, working) => {
    const lessonRow = await lessonRowOf(tx, working, target.lessonId);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${lessonResources.position}), -1)::int` })
      .from(lessonResources)
      .where(eq(lessonResources.lessonId, lessonRow));
    const [added] = await tx
      .insert(lessonResources)
      .values({ ...file, lessonId: lessonRow, position: Number(last?.position ?? -1) + 1, createdAt: now })
      .returning();
    if (!added) throw new Error('the resource insert returned no row');
    return {
      audit: {
        action: 'lesson.resource_add',
        entity: 'lesson',
        entityId: target.lessonId,
        before: null,
        after: { courseId: target.courseId, ...described(added), contentType: added.contentType },
      },
    };
  });
}

/** Renames a resource: the title learners see (the file keeps its name). */
export function renameLessonResource(
  db: Db,
  actor: Actor,
  target: Target,
  resourceId: string,
  title: string,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, target.courseId, target.version, now, async (tx, working) => {
    const lessonRow = await lessonRowOf(tx, working, target.lessonId);
    const resource = await resourceOf(tx, working, target, lessonRow, resourceId);
    await tx.update(lessonResources).set({ title }).where(eq(lessonResources.id, resource.id));
    return {
      audit: {
        action: 'lesson.resource_rename',
        entity: 'lesson',
        entityId: target.lessonId,
        before: { resource: resource.id, title: resource.title },
        after: { resource: resource.id, title },
      },
    };
  });
}

/**
 * Removes a resource from the lesson. Its file stays in the media store: the published lesson may still offer
 * it while this edit waits in a draft (as a removed caption track does).
 */
export function removeLessonResource(
  db: Db,
  actor: Actor,
  target: Target,
  resourceId: string,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, target.courseId, target.version, now, async (tx, working) => {
    const lessonRow = await lessonRowOf(tx, working, target.lessonId);
    const resource = await resourceOf(tx, working, target, lessonRow, resourceId);
    await tx.delete(lessonResources).where(eq(lessonResources.id, resource.id));
    return {
      audit: {
        action: 'lesson.resource_remove',
        entity: 'lesson',
        entityId: target.lessonId,
        before: { ...described(resource), mediaKey: resource.mediaKey },
        after: null,
      },
    };
  });
}

/** Puts the lesson's resources in the order given: every one of them, once. */
export function reorderLessonResources(
  db: Db,
  actor: Actor,
  target: Target,
  resourceIds: string[],
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, target.courseId, target.version, now, async (tx, working) => {
    const lessonRow = await lessonRowOf(tx, working, target.lessonId);
    const before = await resourcesOf(tx, lessonRow);
    const ordered: ResourceRow[] = [];
    for (const id of resourceIds) ordered.push(await resourceOf(tx, working, target, lessonRow, id));
    if (new Set(ordered.map((r) => r.id)).size !== ordered.length || ordered.length !== before.length) {
      throw conflict(
        "List every one of the lesson's resources once: reload to see its current list.",
        'resource_order_mismatch',
      );
    }
    for (const [position, resource] of ordered.entries()) {
      await tx.update(lessonResources).set({ position }).where(eq(lessonResources.id, resource.id));
    }
    return {
      audit: {
        action: 'lesson.resource_order',
        entity: 'lesson',
        entityId: target.lessonId,
        before: { resources: before.map((r) => r.id) },
        after: { resources: ordered.map((r) => r.id) },
      },
    };
  });
}
