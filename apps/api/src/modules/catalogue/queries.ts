import type {
  CourseSummary,
  LessonProgressSummary,
  LessonSummary,
  PricingTier,
  Review,
  Stats,
} from '@kaushal/contract';
import { and, asc, count, desc, eq, sql, type Table } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessonProgress, lessons, pricingTiers, reviews, sections } from '../../db/schema.ts';
import { resourcesOfLessons } from './lesson-resources.ts';

export const rupees = (paise: number) => paise / 100;

/** "table"."column", for correlated subqueries. */
const qualified = (table: Table, column: string) => sql`${table}.${sql.identifier(column)}`;

/**
 * Columns qualified by hand: drizzle writes a column in sql`` without its table, and an unqualified "id" inside
 * this subquery would be the lesson's own id (the count was then always 0). One index-only count per course
 * (lessons_course_idx), behind the catalogue's response cache.
 */
const lessonCount = sql<number>`(select count(*) from ${lessons} where ${qualified(lessons, 'course_id')} = ${qualified(courses, 'id')})`;

const summaryColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  difficulty: courses.difficulty,
  pricePaise: courses.pricePaise,
  thumbnail: courses.thumbnail,
  instructor: courses.instructor,
  duration: courses.duration,
  students: sql<number>`${courses.baseStudents} + ${courses.enrolledCount}`.mapWith(Number),
  rating: courses.rating,
  lessonCount: lessonCount.mapWith(Number),
};

type SummaryRow = {
  id: string;
  title: string;
  description: string;
  difficulty: CourseSummary['difficulty'];
  pricePaise: number;
  thumbnail: string;
  instructor: string;
  duration: string;
  students: number;
  rating: number;
  lessonCount: number;
};

export function toSummary(row: SummaryRow): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    difficulty: row.difficulty,
    price: rupees(row.pricePaise),
    thumbnailUrl: row.thumbnail ? `/thumbnails/${row.thumbnail}` : '',
    instructor: row.instructor,
    duration: row.duration,
    students: row.students,
    rating: row.rating,
    lessonCount: row.lessonCount,
  };
}

const catalogueOrder = [asc(courses.sortOrder), asc(courses.id)];

export async function listCourses(db: Db, page: number, size: number) {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(courses)
    .where(eq(courses.published, true));
  const pages = Math.ceil(total / size);
  // An out-of-range page is clamped to the last one (page 1 of an empty catalogue).
  const current = Math.min(page, Math.max(pages, 1));
  const rows = await db
    .select(summaryColumns)
    .from(courses)
    .where(eq(courses.published, true))
    .orderBy(...catalogueOrder)
    .limit(size)
    .offset((current - 1) * size);
  return { items: rows.map(toSummary), pages, page: current, total };
}

export async function listFeatured(db: Db): Promise<CourseSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(courses)
    .where(and(eq(courses.published, true), eq(courses.featured, true)))
    .orderBy(...catalogueOrder)
    .limit(12);
  return rows.map(toSummary);
}

/** A published course; with `preview`, also one not (yet) published, for the staff who may preview it. */
export async function findCourse(db: Db, id: string, options: { preview?: boolean } = {}) {
  const [row] = await db
    .select(summaryColumns)
    .from(courses)
    .where(options.preview ? eq(courses.id, id) : and(eq(courses.id, id), eq(courses.published, true)))
    .limit(1);
  return row ? toSummary(row) : undefined;
}

export const formatDuration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(h ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
  return h ? `${h}:${mmss}` : mmss;
};

export async function listLessons(db: Db, courseId: string): Promise<LessonSummary[]> {
  const rows = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      description: lessons.description,
      isFree: lessons.isFree,
      durationSeconds: lessons.durationSeconds,
      videoType: lessons.videoType,
      sectionId: sections.id,
      sectionTitle: sections.title,
    })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  const resources = await resourcesOfLessons(
    db,
    rows.map((l) => l.id),
  );
  return rows.map(({ videoType, sectionId, sectionTitle, ...l }) => ({
    ...l,
    duration: formatDuration(l.durationSeconds),
    hasVideo: videoType !== null,
    section: { id: sectionId, title: sectionTitle },
    resources: resources.get(l.id) ?? [],
  }));
}

/**
 * The learner's progress in the given lessons of one course, in their order: one statement on the
 * lesson_progress (user_id, course_id) index, a row per lesson the learner has opened. The lessons come from the
 * cached public course, so a lesson no longer in it is left out.
 */
export async function listLessonProgress(
  db: Db,
  userId: string,
  courseId: string,
  courseLessons: readonly Pick<LessonSummary, 'id' | 'durationSeconds'>[],
): Promise<LessonProgressSummary[]> {
  const rows = await db
    .select({
      lessonId: lessonProgress.lessonId,
      completed: lessonProgress.completed,
      watchedSeconds: lessonProgress.watchedSeconds,
    })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
  return courseLessons.flatMap((lesson) => {
    const row = byLesson.get(lesson.id);
    if (!row) return [];
    return [
      {
        lessonId: lesson.id,
        completed: row.completed,
        watchedPercent: watchedPercent(row.watchedSeconds, lesson.durationSeconds, row.completed),
      },
    ];
  });
}

/**
 * Whole percent, rounded down so a lesson short of the 90% rule never reads 90%; a completed lesson reads at
 * least 90 (its length may have changed since).
 */
export function watchedPercent(watchedSeconds: number, durationSeconds: number, completed: boolean): number {
  const percent = durationSeconds > 0 ? Math.floor((Math.max(0, watchedSeconds) / durationSeconds) * 100) : 0;
  const bounded = Math.min(100, percent);
  return completed ? Math.max(90, bounded) : Math.min(89, bounded);
}

export async function listPricingTiers(db: Db, courseId: string): Promise<PricingTier[]> {
  const rows = await db
    .select()
    .from(pricingTiers)
    // An archived tier is no longer offered; the learners who bought it keep what they bought.
    .where(and(eq(pricingTiers.courseId, courseId), eq(pricingTiers.archived, false)))
    .orderBy(asc(pricingTiers.position));
  return rows.map((t) => ({
    id: t.id,
    title: t.title,
    description: t.description,
    price: rupees(t.pricePaise),
    originalPrice: rupees(t.originalPricePaise),
    discountPercentage:
      t.originalPricePaise > t.pricePaise ? Math.round((1 - t.pricePaise / t.originalPricePaise) * 100) : 0,
    accessType: t.accessType,
  }));
}

export async function listReviews(db: Db, courseId: string, page: number, size: number) {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(reviews)
    .where(eq(reviews.courseId, courseId));
  const pages = Math.ceil(total / size);
  const current = Math.min(page, Math.max(pages, 1));
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.courseId, courseId))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(size)
    .offset((current - 1) * size);
  const items: Review[] = rows.map((r) => ({
    id: r.id,
    author: r.author,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, pages, page: current, total };
}

export async function readStats(db: Db, successRate: number): Promise<Stats> {
  const [row] = await db
    .select({
      students: sql<number>`coalesce(sum(${courses.baseStudents} + ${courses.enrolledCount}), 0)`.mapWith(Number),
      courses: count(),
      rating: sql<number>`coalesce(avg(${courses.rating}), 0)`.mapWith(Number),
    })
    .from(courses)
    .where(eq(courses.published, true));
  return {
    students: row?.students ?? 0,
    courses: row?.courses ?? 0,
    rating: Math.round((row?.rating ?? 0) * 10) / 10,
    success_rate: successRate,
  };
}
