import { and, eq, getTableName, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import {
  courses,
  enrollments,
  lessonNotes,
  lessonProgress,
  lessons,
  paymentOrders,
  pricingTiers,
  quizAttempts,
  quizzes,
  reviews,
  sections,
} from '../db/schema.ts';
import { courseDuration } from './duration.ts';
import { ContentError } from './load.ts';
import { syncLessonResources } from './resources.ts';
import { type CourseFile, DEFAULT_SECTION_TITLE, type SectionOfFile, sectionsOf } from './schema.ts';

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
  const result: SeedResult = { courses: files.length, written: 0, removed: 0, unpublished: [] };
  const add = (counts: { written?: number; removed?: number }) => {
    result.written += counts.written ?? 0;
    result.removed += counts.removed ?? 0;
  };
  await db.transaction(async (tx) => {
    const problems: string[] = [];
    const lessonsInFiles = new Set(files.flatMap((f) => f.lessons.map((l) => l.id)));
    for (const course of files) {
      add({
        written: await upsertChanged(tx, courses, [courseRow(course)], COURSE_COLUMNS, { updatedAt: sql`now()` }),
      });
      // Sections first (new lessons point at them), stale ones after the lessons left them.
      const sectionList = sectionsOf(course);
      add({ written: await upsertChanged(tx, sections, sectionRows(course, sectionList), SECTION_COLUMNS) });
      const synced = [
        await syncChildren(tx, {
          table: lessons,
          courseId: course.id,
          rows: lessonRows(course, sectionList),
          columns: LESSON_COLUMNS,
          // Only a lesson gone from every file counts: one listed in another course's file lives on there.
          checkRemoval: (ids) =>
            watchedLessons(
              tx,
              course.id,
              ids.filter((id) => !lessonsInFiles.has(id)),
            ),
        }),
        await syncChildren(tx, {
          table: pricingTiers,
          courseId: course.id,
          rows: tierRows(course),
          columns: TIER_COLUMNS,
        }),
        await syncChildren(tx, {
          table: reviews,
          courseId: course.id,
          rows: reviewRows(course),
          columns: REVIEW_COLUMNS,
        }),
        // After the lessons (sections in place), before stale sections go: a quiz on one has moved by then.
        await syncQuizzes(tx, course, sectionList),
        // After the lessons, whose rows they point at.
        { ...(await syncLessonResources(tx, course)), problems: [] as string[] },
      ];
      for (const s of synced) {
        add(s);
        problems.push(...s.problems);
      }
      if (synced.every((s) => s.problems.length === 0)) {
        const ids = sectionList.map((section) => section.id);
        const staleSections = await tx
          .delete(sections)
          .where(and(eq(sections.courseId, course.id), notInArray(sections.id, ids)))
          .returning({ id: sections.id });
        add({ removed: staleSections.length });
      }
    }
    // Thrown inside the transaction, so nothing written above is kept.
    if (problems.length > 0) throw new ContentError(problems);
    // A course live for the first time keeps its id (its URL) from now on (the console refuses to change it).
    await tx.execute(sql`update courses set first_published_at = now() where published and first_published_at is null`);
    if (options.removeMissing) {
      const missing = await removeMissingCourses(
        tx,
        files.map((f) => f.id),
      );
      add(missing);
      result.unpublished.push(...missing.unpublished);
    }
  });
  return result;
}

const COURSE_COLUMNS = [
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
const SECTION_COLUMNS = ['course_id', 'position', 'title'];
const LESSON_COLUMNS = [
  'course_id',
  'section_id',
  'position',
  'title',
  'description',
  'is_free',
  'duration_seconds',
  'video_type',
  'video_ref',
  'captions',
];
const TIER_COLUMNS = [
  'course_id',
  'position',
  'title',
  'description',
  'price_paise',
  'original_price_paise',
  'access_type',
  'archived',
];
const REVIEW_COLUMNS = ['course_id', 'author', 'rating', 'comment', 'created_at'];
const QUIZ_COLUMNS = ['course_id', 'section_id', 'title', 'pass_percent', 'questions'];

const courseRow = (course: CourseFile): typeof courses.$inferInsert => ({
  id: course.id,
  title: course.title,
  description: course.description,
  difficulty: course.difficulty,
  pricePaise: toPaise(course.price),
  thumbnail: course.thumbnail,
  instructor: course.instructor,
  duration: courseDuration(course),
  baseStudents: course.students,
  rating: course.rating,
  featured: course.featured,
  published: course.published,
  sortOrder: course.sortOrder,
});

const sectionRows = (course: CourseFile, list: SectionOfFile[]): Array<typeof sections.$inferInsert> =>
  list.map((section) => ({ id: section.id, courseId: course.id, position: section.position, title: section.title }));

const lessonRows = (course: CourseFile, list: SectionOfFile[]): Array<typeof lessons.$inferInsert> => {
  const sectionOf = new Map(list.flatMap((section) => section.lessonIds.map((id) => [id, section.id] as const)));
  return course.lessons.map((l, position) => ({
    id: l.id,
    courseId: course.id,
    sectionId: sectionOf.get(l.id) ?? `${course.id}-s1`,
    position,
    title: l.title,
    description: l.description,
    isFree: l.isFree,
    durationSeconds: l.durationSeconds,
    videoType: l.video?.type ?? null,
    videoRef: l.video ? (l.video.type === 'direct' ? l.video.key : l.video.url) : null,
    captions: l.captions,
  }));
};

const tierRows = (course: CourseFile): Array<typeof pricingTiers.$inferInsert> =>
  course.pricingTiers.map((t, position) => ({
    id: t.id,
    courseId: course.id,
    position,
    title: t.title,
    description: t.description,
    pricePaise: toPaise(t.price),
    originalPricePaise: toPaise(t.originalPrice),
    accessType: t.accessType,
    archived: t.archived ?? false,
  }));

const reviewRows = (course: CourseFile): Array<typeof reviews.$inferInsert> =>
  course.reviews.map((r) => ({
    id: r.id,
    courseId: course.id,
    author: r.author,
    rating: r.rating,
    comment: r.comment,
    createdAt: new Date(`${r.createdAt}T00:00:00Z`),
  }));

/** Inserts the rows, updating the listed columns of existing ones where they differ; returns rows written. */
async function upsertChanged<T extends typeof courses | ChildTable>(
  tx: Tx,
  table: T,
  rows: Array<T['$inferInsert']>,
  columns: string[],
  alsoSet: Record<string, SQL> = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await tx
    .insert(table as PgTable)
    .values(rows)
    .onConflictDoUpdate({
      target: table.id,
      set: { ...excludedSet(columns), ...alsoSet },
      setWhere: changedColumns(table, columns),
    })
    .returning({ id: table.id });
  return written.length;
}

type ChildTable = typeof sections | typeof lessons | typeof pricingTiers | typeof reviews | typeof quizzes;

interface ChildSync<T extends ChildTable> {
  table: T;
  courseId: string;
  /** Every child the course has now, in the files' order. */
  rows: Array<T['$inferInsert'] & { id: string }>;
  /** Columns (SQL names) an update may change. */
  columns: string[];
  /** Problems with removing these children (stored but no longer listed); any problem blocks the seed. */
  checkRemoval?(ids: string[]): Promise<string[]>;
}

/**
 * Makes a course's children (lessons, pricing tiers or reviews) exactly the listed rows: removes the ones no
 * longer listed, then upserts the rest. When `checkRemoval` reports problems these children are left as they
 * are and the problems are returned, for the caller to throw (rolling back the whole seed).
 */
async function syncChildren<T extends ChildTable>(tx: Tx, sync: ChildSync<T>) {
  const { table, courseId, rows, columns } = sync;
  const ids = rows.map((r) => r.id);
  const stale = and(eq(table.courseId, courseId), notInArray(table.id, ids.length > 0 ? ids : ['']));
  if (sync.checkRemoval) {
    const staleRows = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(stale);
    const problems = staleRows.length > 0 ? await sync.checkRemoval(staleRows.map((r) => r.id)) : [];
    if (problems.length > 0) return { written: 0, removed: 0, problems };
  }
  const removed = await tx.delete(table).where(stale).returning({ id: table.id });
  const written = await upsertChanged(tx, table, rows, columns);
  return { written, removed: removed.length, problems: [] as string[] };
}

/**
 * A lesson that learners have progress or notes on may not disappear from its file: their history and their notes
 * would go with it (both cascade from the lesson).
 */
async function watchedLessons(tx: Tx, courseId: string, lessonIds: string[]): Promise<string[]> {
  if (lessonIds.length === 0) return [];
  const watched = await tx
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(inArray(lessonProgress.lessonId, lessonIds))
    .union(
      tx.select({ lessonId: lessonNotes.lessonId }).from(lessonNotes).where(inArray(lessonNotes.lessonId, lessonIds)),
    )
    .orderBy(sql`1`);
  return watched.map(
    (w) =>
      `courses/${courseId}.json: lessons: lesson '${w.lessonId}' was removed but learners have progress or notes on it; keep it in the file`,
  );
}

const quizRows = (course: CourseFile, list: SectionOfFile[]): Array<typeof quizzes.$inferInsert & { id: string }> => {
  const sectionOf = new Map(list.map((section) => [section.title, section.id]));
  return course.quizzes.map((quiz) => ({
    id: quiz.id,
    courseId: course.id,
    // The schema checked the section exists.
    sectionId: sectionOf.get(quiz.section ?? DEFAULT_SECTION_TITLE) ?? `${course.id}-s1`,
    title: quiz.title,
    passPercent: quiz.passPercent,
    questions: quiz.questions,
  }));
};

/**
 * Makes a course's quizzes the file's, updated in place by id: a quiz's attempts are learner data and stay with
 * it through every import. A quiz learners have attempted may not disappear from its file (reported, like a
 * watched lesson). Sections are ids by position, so reordering them moves quizzes between section ids; as a
 * section holds one quiz, the moving ones first step aside onto placeholder sections of their own.
 */
async function syncQuizzes(tx: Tx, course: CourseFile, list: SectionOfFile[]) {
  const rows = quizRows(course, list);
  const listed = new Map(rows.map((row) => [row.id, row.sectionId]));
  const stored = await tx
    .select({ id: quizzes.id, sectionId: quizzes.sectionId })
    .from(quizzes)
    .where(eq(quizzes.courseId, course.id));
  const staleIds = stored.filter((quiz) => !listed.has(quiz.id)).map((quiz) => quiz.id);
  if (staleIds.length > 0) {
    const attempted = await tx
      .selectDistinct({ quizId: quizAttempts.quizId })
      .from(quizAttempts)
      .where(inArray(quizAttempts.quizId, staleIds))
      .orderBy(quizAttempts.quizId);
    if (attempted.length > 0) {
      return {
        written: 0,
        removed: 0,
        problems: attempted.map(
          (a) =>
            `courses/${course.id}.json: quizzes: quiz '${a.quizId}' was removed but learners have attempted it; keep it in the file`,
        ),
      };
    }
    await tx.delete(quizzes).where(inArray(quizzes.id, staleIds));
  }
  const moving = stored.filter((quiz) => listed.has(quiz.id) && listed.get(quiz.id) !== quiz.sectionId);
  const placeholders = moving.map((quiz, i) => ({
    id: `${course.id}-quiz-move-${i}`,
    courseId: course.id,
    position: -1 - i,
    title: quiz.id,
  }));
  if (placeholders.length > 0) {
    await tx.insert(sections).values(placeholders);
    for (const [i, quiz] of moving.entries()) {
      await tx.update(quizzes).set({ sectionId: placeholders[i]?.id }).where(eq(quizzes.id, quiz.id));
    }
  }
  const written = await upsertChanged(tx, quizzes, rows, QUIZ_COLUMNS, { updatedAt: sql`now()` });
  if (placeholders.length > 0) {
    await tx.delete(sections).where(
      inArray(
        sections.id,
        placeholders.map((p) => p.id),
      ),
    );
  }
  return { written, removed: staleIds.length, problems: [] as string[] };
}

/**
 * Removes the courses no longer in the files (`keep` lists those that are). A course with enrollments or
 * payments is unpublished instead, so no learner loses access or history.
 */
async function removeMissingCourses(tx: Tx, keep: string[]) {
  let removed = 0;
  const unpublished: string[] = [];
  const missing = await tx
    .select({ id: courses.id, published: courses.published })
    .from(courses)
    // Staff drafts are not in the files: each goes with its course.
    .where(and(isNull(courses.draftOf), keep.length ? notInArray(courses.id, keep) : undefined));
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
  return { removed, unpublished };
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
