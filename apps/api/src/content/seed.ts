import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { courses, lessons, pricingTiers, reviews } from '../db/schema.ts';
import type { CourseFile } from './schema.ts';

const toPaise = (rupees: number) => Math.round(rupees * 100);

export interface SeedResult {
  courses: number;
  /** Rows inserted or changed; 0 when the files already match the database. */
  written: number;
  removed: number;
}

/**
 * Rows in `excluded` that differ from the stored row: only those are updated, so seeding twice changes
 * nothing (not even updated_at).
 */
function changedColumns(table: PgTable, columns: string[]) {
  const list = (prefix: string) => columns.map((c) => `${prefix}."${c}"`).join(', ');
  const name = (table as unknown as { [k: symbol]: string })[Symbol.for('drizzle:Name')];
  return sql.raw(`(${list(`"${name}"`)}) is distinct from (${list('excluded')})`);
}

/** Idempotent upsert of the catalogue: inserts new rows, updates changed ones, removes lessons, tiers and reviews no longer in the files. */
export async function seedCatalogue(db: Db, files: CourseFile[]): Promise<SeedResult> {
  let written = 0;
  let removed = 0;
  await db.transaction(async (tx) => {
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
  });
  return { courses: files.length, written, removed };
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
