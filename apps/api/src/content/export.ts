import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courses, lessons, pricingTiers, quizzes, reviews, sections } from '../db/schema.ts';
import { standInOf } from './demo-media/catalogue.ts';
import { formatCourseDuration, lessonsTotalSeconds } from './duration.ts';
import { resourcesForExport } from './resources.ts';
import { type CourseFile, DEFAULT_SECTION_TITLE, type LessonFile } from './schema.ts';

const rupees = (paise: number) => paise / 100;

/**
 * The catalogue in the database, in the shape of the content files (the inverse of seedCatalogue). A demo
 * lesson playing generated media (DATA_DIR/demo-media, `demoMediaDir`) is written with the stand-in video,
 * length and captions its file had, so the files read as they did.
 */
export async function exportCatalogue(db: Db, options: { demoMediaDir?: string } = {}): Promise<CourseFile[]> {
  const [courseRows, sectionRows, lessonRows, tierRows, reviewRows, quizRows] = await Promise.all([
    // A draft (staff's unpublished changes, modules/admin/drafts.ts) is not content until it is published.
    db.select().from(courses).where(isNull(courses.draftOf)).orderBy(asc(courses.sortOrder), asc(courses.id)),
    db.select().from(sections),
    db.select().from(lessons).orderBy(asc(lessons.courseId), asc(lessons.position)),
    db.select().from(pricingTiers).orderBy(asc(pricingTiers.courseId), asc(pricingTiers.position)),
    db.select().from(reviews).orderBy(asc(reviews.courseId), asc(reviews.createdAt), asc(reviews.id)),
    db
      .select({ quiz: quizzes, position: sections.position })
      .from(quizzes)
      .innerJoin(sections, eq(sections.id, quizzes.sectionId))
      .orderBy(asc(quizzes.courseId), asc(sections.position)),
  ]);
  const byCourse = <T extends { courseId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.courseId, [...(map.get(row.courseId) ?? []), row]);
    return map;
  };
  const lessonsOf = byCourse(lessonRows);
  const sectionTitle = new Map(sectionRows.map((section) => [section.id, section.title]));
  // A course of one section called "Lessons" is written as a flat file, as before sections existed.
  const sectioned = new Set(
    [...byCourse(sectionRows)]
      .filter(([, list]) => list.length > 1 || list[0]?.title !== DEFAULT_SECTION_TITLE)
      .map(([id]) => id),
  );
  const tiersOf = byCourse(tierRows);
  const reviewsOf = byCourse(reviewRows);
  const quizzesOf = byCourse(quizRows.map((row) => row.quiz));
  const resourcesOf = await resourcesForExport(db);
  return courseRows.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    difficulty: c.difficulty,
    price: rupees(c.pricePaise),
    thumbnail: c.thumbnail,
    instructor: c.instructor,
    // Only a duration set on purpose: the lessons' total is what the import derives anyway.
    ...(c.duration !== formatCourseDuration(lessonsTotalSeconds({ lessons: lessonsOf.get(c.id) ?? [] }))
      ? { duration: c.duration }
      : {}),
    students: c.baseStudents,
    rating: c.rating,
    featured: c.featured,
    published: c.published,
    sortOrder: c.sortOrder,
    lessons: (lessonsOf.get(c.id) ?? []).map((l): LessonFile => {
      const standIn =
        options.demoMediaDir && l.videoType === 'direct' && l.videoRef
          ? standInOf(l.videoRef, options.demoMediaDir)
          : null;
      return {
        id: l.id,
        ...(sectioned.has(c.id) ? { section: sectionTitle.get(l.sectionId) ?? DEFAULT_SECTION_TITLE } : {}),
        title: l.title,
        description: l.description,
        isFree: l.isFree,
        durationSeconds: standIn?.durationSeconds ?? l.durationSeconds,
        video: standIn
          ? standIn.video
          : l.videoType === 'direct' && l.videoRef
            ? { type: 'direct' as const, key: l.videoRef }
            : l.videoType === 'youtube' && l.videoRef
              ? { type: 'youtube' as const, url: l.videoRef }
              : null,
        captions: standIn?.captions ?? l.captions,
        ...(resourcesOf.has(l.id) ? { resources: resourcesOf.get(l.id) } : {}),
      };
    }),
    pricingTiers: (tiersOf.get(c.id) ?? []).map((t) => ({
      id: t.id,
      title: t.title,
      description: t.description,
      price: rupees(t.pricePaise),
      originalPrice: rupees(t.originalPricePaise),
      accessType: t.accessType,
      ...(t.archived ? { archived: true } : {}),
    })),
    reviews: (reviewsOf.get(c.id) ?? []).map((r) => ({
      id: r.id,
      author: r.author,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString().slice(0, 10),
    })),
    quizzes: (quizzesOf.get(c.id) ?? []).map((q) => ({
      id: q.id,
      ...(sectioned.has(c.id) ? { section: sectionTitle.get(q.sectionId) ?? DEFAULT_SECTION_TITLE } : {}),
      title: q.title,
      passPercent: q.passPercent,
      questions: q.questions,
    })),
  }));
}

/** Writes one `<id>.json` per course into `dir` (2-space JSON, like the hand-written files). */
export async function writeCourseFiles(dir: string, files: CourseFile[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const file of files) {
    await writeFile(path.join(dir, `${file.id}.json`), `${JSON.stringify(file, null, 2)}\n`);
  }
}
