import { and, eq, getTableName, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { courses, enrollments, lessonProgress, lessons, paymentOrders, pricingTiers, reviews } from '../db/schema.ts';
import { ContentError } from './load.ts';
import type { CourseFile } from './schema.ts';

const toPaise = (rupees: number) => Math.round(rupees * 100);

export interface SeedResult {
  courses: number;
  /** Rows inserted or changed; 0 when the files already match the database. */
  written: number;
  removed: number;
  /** Courses no longer in the files that learners hold: kept, but taken off the catalogue. */
  unpublished: string[];
}

export interface SeedOptions {
  /**
   * Also remove courses that are no longer in the files (import). A course with enrollments or payments is
   * unpublished instead, so no learner loses access or history.
   */
  removeMissing?: boolean;
}

/**
 * Rows in `excluded` that differ from the stored row: only those are updated, so seeding twice changes
 * nothing (not even updated_at).
 */
function changedColumns(table: PgTable, columns: string[]) {
  const list = (prefix: string) => columns.map((c) => `${prefix}."${c}"`).join(', ');
  const name = getTableName(table);
  return sql.raw(`(${list(`"${name}"`)}) is distinct from (${list('excluded')})`);
}

/**
 * Idempotent upsert of the catalogue in one transaction: inserts new rows, updates changed ones, removes
 * tiers and reviews no longer in the files, and lessons no longer in the files unless a learner has progress
 * on them (then nothing is written and the problem is reported).
 */
export async function seedCatalogue(db: Db, files: CourseFile[], options: SeedOptions = {}): Promise<SeedResult> {
  let written = 0;
  let removed = 0;
  const unpublished: string[] = [];
  await db.transaction(async (tx) => {
    await refuseToDropWatchedLessons(tx as unknown as Db, files);
    for (const course of files) {
      const courseRow = {
        id: course.id,
        title: course.title,
        description: course.description,
        difficulty: course.difficulty,
        pricePaise: toPaise(course.price),
        thumbnail: course.thumbnail,
        instructor: course.instructor,
        duration: course.duration,
        baseStudents: course.students,
        rating: course.rating,
        featured: course.featured,
        published: course.published,
        sortOrder: course.sortOrder,
      };
      const courseCols = [
        'title',
        'description',
        'difficulty',
        'price_paise',
        'thumbnail',
        'instructor',
        'duration',
        'base_students',
        'rating',
        'featured',
        'published',
        'sort_order',
      ];
      const c = await tx
        .insert(courses)
        .values(courseRow)
        .onConflictDoUpdate({
          target: courses.id,
          set: { ...excludedSet(courseCols), updatedAt: sql`now()` },
          setWhere: changedColumns(courses, courseCols),
        })
        .returning({ id: courses.id });
      written += c.length;

      const lessonRows = course.lessons.map((l, position) => ({
        id: l.id,
        courseId: course.id,
        position,
        title: l.title,
        description: l.description,
        isFree: l.isFree,
        durationSeconds: l.durationSeconds,
        videoType: l.video?.type ?? null,
        videoRef: l.video ? (l.video.type === 'direct' ? l.video.key : l.video.url) : null,
        captions: l.captions,
      }));
      const lessonCols = [
        'course_id',
        'position',
        'title',
        'description',
        'is_free',
        'duration_seconds',
        'video_type',
        'video_ref',
        'captions',
      ];
      removed += (
        await tx
          .delete(lessons)
          .where(
            and(
              eq(lessons.courseId, course.id),
              notInArray(
                lessons.id,
                lessonRows.map((l) => l.id),
              ),
            ),
          )
          .returning({ id: lessons.id })
      ).length;
      written += (
        await tx
          .insert(lessons)
          .values(lessonRows)
          .onConflictDoUpdate({
            target: lessons.id,
            set: excludedSet(lessonCols),
            setWhere: changedColumns(lessons, lessonCols),
          })
          .returning({ id: lessons.id })
      ).length;

      const tierRows = course.pricingTiers.map((t, position) => ({
        id: t.id,
        courseId: course.id,
        position,
        title: t.title,
        description: t.description,
        pricePaise: toPaise(t.price),
        originalPricePaise: toPaise(t.originalPrice),
        accessType: t.accessType,
      }));
      const tierCols = [
        'course_id',
        'position',
        'title',
        'description',
        'price_paise',
        'original_price_paise',
        'access_type',
      ];
      removed += (
        await tx
          .delete(pricingTiers)
          .where(
            and(
              eq(pricingTiers.courseId, course.id),
              notInArray(pricingTiers.id, tierRows.length ? tierRows.map((t) => t.id) : ['']),
            ),
          )
          .returning({ id: pricingTiers.id })
      ).length;
      if (tierRows.length > 0) {
        written += (
          await tx
            .insert(pricingTiers)
            .values(tierRows)
            .onConflictDoUpdate({
              target: pricingTiers.id,
              set: excludedSet(tierCols),
              setWhere: changedColumns(pricingTiers, tierCols),
            })
            .returning({ id: pricingTiers.id })
        ).length;
      }

      const reviewRows = course.reviews.map((r) => ({
        id: r.id,
        courseId: course.id,
        author: r.author,
        rating: r.rating,
        comment: r.comment,
        createdAt: new Date(`${r.createdAt}T00:00:00Z`),
      }));
      const reviewCols = ['course_id', 'author', 'rating', 'comment', 'created_at'];
      removed += (
        await tx
          .delete(reviews)
          .where(
            and(
              eq(reviews.courseId, course.id),
              notInArray(reviews.id, reviewRows.length ? reviewRows.map((r) => r.id) : ['']),
            ),
          )
          .returning({ id: reviews.id })
      ).length;
      if (reviewRows.length > 0) {
        written += (
          await tx
            .insert(reviews)
            .values(reviewRows)
            .onConflictDoUpdate({
              target: reviews.id,
              set: excludedSet(reviewCols),
              setWhere: changedColumns(reviews, reviewCols),
            })
            .returning({ id: reviews.id })
        ).length;
      }
    }
    if (options.removeMissing) {
      const keep = files.map((f) => f.id);
      const missing = await tx
        .select({ id: courses.id, published: courses.published })
        .from(courses)
        .where(keep.length ? notInArray(courses.id, keep) : undefined);
      for (const course of missing) {
        const [held] = await tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(eq(enrollments.courseId, course.id))
          .limit(1);
        const [paid] = await tx
          .select({ id: paymentOrders.id })
          .from(paymentOrders)
          .where(eq(paymentOrders.courseId, course.id))
          .limit(1);
        if (held || paid) {
          if (course.published) {
            await tx.update(courses).set({ published: false, updatedAt: sql`now()` }).where(eq(courses.id, course.id));
            unpublished.push(course.id);
          }
        } else {
          await tx.delete(courses).where(eq(courses.id, course.id));
          removed++;
        }
      }
    }
  });
  return { courses: files.length, written, removed, unpublished };
}

/** A lesson that learners have progress on may not disappear from its file: their history would go with it. */
async function refuseToDropWatchedLessons(db: Db, files: CourseFile[]) {
  if (files.length === 0) return;
  const inFiles = new Set(files.flatMap((f) => f.lessons.map((l) => l.id)));
  const watched = await db
    .selectDistinct({ lessonId: lessonProgress.lessonId, courseId: lessonProgress.courseId })
    .from(lessonProgress)
    .where(
      inArray(
        lessonProgress.courseId,
        files.map((f) => f.id),
      ),
    );
  const problems = watched
    .filter((w) => !inFiles.has(w.lessonId))
    .map(
      (w) =>
        `courses/${w.courseId}.json: lessons: lesson '${w.lessonId}' was removed but learners have progress on it; keep it in the file`,
    );
  if (problems.length > 0) throw new ContentError(problems);
}

/** `set` clause taking every listed column from the proposed row. */
function excludedSet(columns: string[]): Record<string, ReturnType<typeof sql>> {
  return Object.fromEntries(columns.map((c) => [snakeToCamel(c), sql.raw(`excluded."${c}"`)]));
}

function snakeToCamel(name: string): string {
  return name.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
}

/** True when the database holds no course yet (the first start of an empty data folder). */
export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: courses.id }).from(courses).limit(1);
  return rows.length === 0;
}
