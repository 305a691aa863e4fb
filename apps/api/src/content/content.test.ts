import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import {
  courses,
  enrollments,
  lessonNotes,
  lessonProgress,
  lessons,
  pricingTiers,
  reviews,
  sections,
  users,
} from '../db/schema.ts';
import { exportCatalogue, writeCourseFiles } from './export.ts';
import { ContentError, loadCatalogue } from './load.ts';
import { seedCatalogue } from './seed.ts';
import { type ContentCopy, contentProblems, copyOfContent } from './test-support.ts';

let dir = '';
let readCourse: ContentCopy['readCourse'];
let writeCourse: ContentCopy['writeCourse'];
beforeEach(() => {
  ({ dir, readCourse, writeCourse } = copyOfContent('content'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const problemsOf = () => contentProblems(dir);

describe('content validation', () => {
  it('accepts the shipped catalogue', async () => {
    expect(await problemsOf()).toEqual([]);
  });

  it.each([
    ['a missing price', (c: Record<string, unknown>) => delete c.price, 'price'],
    [
      'a negative price',
      (c: Record<string, unknown>) => Object.assign(c, { price: -5 }),
      'price: must not be negative',
    ],
    ['an unknown difficulty', (c: Record<string, unknown>) => Object.assign(c, { difficulty: 'Expert' }), 'difficulty'],
    [
      'a lesson video that does not exist',
      (c: { lessons: Array<Record<string, unknown>> }) => {
        if (c.lessons[0]) c.lessons[0].video = { type: 'direct', key: 'missing.mp4' };
      },
      'media/missing.mp4 does not exist',
    ],
    [
      'a paid course without tiers',
      (c: Record<string, unknown>) => Object.assign(c, { price: 100, pricingTiers: [] }),
      'a paid course needs at least one pricing tier',
    ],
  ])('names the file, field and problem for %s', async (_name, mutate, message) => {
    const course = readCourse('rag-from-scratch');
    mutate(course);
    writeCourse('rag-from-scratch', course);
    const problems = await problemsOf();
    expect(problems.some((p) => p.startsWith('courses/rag-from-scratch.json') && p.includes(message))).toBe(true);
  });

  it('reports duplicate ids across files', async () => {
    const copy = readCourse('rag-from-scratch');
    copy.id = 'rag-copy';
    writeCourse('rag-copy', copy);
    const problems = await problemsOf();
    expect(problems.some((p) => p.includes("lesson id 'rag-from-scratch-01' is also used"))).toBe(true);
  });

  it('reports a file that is not JSON', async () => {
    writeFileSync(path.join(dir, 'courses', 'broken.json'), '{ not json');
    expect((await problemsOf()).some((p) => p.startsWith('courses/broken.json: not valid JSON'))).toBe(true);
  });
});

describe('content import and export', () => {
  const ctx = useTestApp({ seed: false });

  it('imports idempotently: the second run writes nothing', async () => {
    const { courses: files } = await loadCatalogue(dir);
    const first = await seedCatalogue(ctx.database.db, files, { removeMissing: true });
    expect(first.written).toBeGreaterThan(files.length);
    const second = await seedCatalogue(ctx.database.db, files, { removeMissing: true });
    expect(second).toMatchObject({ written: 0, removed: 0, unpublished: [] });
  });

  it('round-trips: export then import changes nothing, and the files read back the same', async () => {
    const { courses: files } = await loadCatalogue(dir);
    await seedCatalogue(ctx.database.db, files);
    const exported = await exportCatalogue(ctx.database.db);
    await writeCourseFiles(path.join(dir, 'courses'), exported);
    const reread = await loadCatalogue(dir);
    expect(reread.courses.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...files].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((await seedCatalogue(ctx.database.db, reread.courses)).written).toBe(0);
  });

  it('removes a course that left the files, but unpublishes one that learners hold', async () => {
    const { courses: files } = await loadCatalogue(dir);
    await seedCatalogue(ctx.database.db, files);
    const [user] = await ctx.database.db.insert(users).values({ email: 'a@example.com', name: 'A' }).returning();
    await ctx.database.db
      .insert(enrollments)
      .values({ userId: user?.id ?? '', courseId: 'python-for-ai', accessType: 'permanent', source: 'free' });
    const rest = files.filter((f) => f.id !== 'python-for-ai' && f.id !== 'responsible-ai');
    const result = await seedCatalogue(ctx.database.db, rest, { removeMissing: true });
    expect(result.unpublished).toEqual(['python-for-ai']);
    const [held] = await ctx.database.db.select().from(courses).where(eq(courses.id, 'python-for-ai'));
    expect(held?.published).toBe(false);
    const gone = await ctx.database.db.select().from(courses).where(eq(courses.id, 'responsible-ai'));
    expect(gone).toEqual([]);
  });

  it('refuses to drop a lesson that learners have progress on, and writes nothing', async () => {
    const { courses: files } = await loadCatalogue(dir);
    await seedCatalogue(ctx.database.db, files);
    const [user] = await ctx.database.db.insert(users).values({ email: 'b@example.com', name: 'B' }).returning();
    await ctx.database.db.insert(lessonProgress).values({
      userId: user?.id ?? '',
      lessonId: 'rag-from-scratch-01',
      courseId: 'rag-from-scratch',
      watchedSeconds: 30,
    });
    const edited = files.map((f) =>
      f.id === 'rag-from-scratch' ? { ...f, title: 'Changed', lessons: f.lessons.slice(1) } : f,
    );
    await expect(seedCatalogue(ctx.database.db, edited)).rejects.toThrow(/learners have progress/);
    const [kept] = await ctx.database.db.select().from(courses).where(eq(courses.id, 'rag-from-scratch'));
    expect(kept?.title).not.toBe('Changed');
    const [{ n } = { n: 0 }] = await ctx.database.db
      .select({ n: count() })
      .from(lessons)
      .where(eq(lessons.courseId, 'rag-from-scratch'));
    expect(n).toBe(files.find((f) => f.id === 'rag-from-scratch')?.lessons.length);
  });

  it('removes the lessons, pricing tiers and reviews no longer listed, and updates only what changed', async () => {
    const { courses: files } = await loadCatalogue(dir);
    await seedCatalogue(ctx.database.db, files);
    const edited = files.map((f) =>
      f.id === 'rag-from-scratch'
        ? {
            ...f,
            lessons: f.lessons.slice(0, -1),
            pricingTiers: f.pricingTiers.slice(0, -1),
            reviews: f.reviews.map((r, i) => (i === 0 ? { ...r, comment: 'Edited.' } : r)).slice(0, -1),
          }
        : f,
    );
    // The remaining positions are unchanged: the rows written are the edited review and the course, whose
    // duration is its lessons' total (content/duration.ts), one lesson shorter now.
    expect(await seedCatalogue(ctx.database.db, edited)).toMatchObject({ written: 2, removed: 3 });
    const course = edited.find((f) => f.id === 'rag-from-scratch');
    const [courseRow] = await ctx.database.db.select().from(courses).where(eq(courses.id, 'rag-from-scratch'));
    expect(courseRow?.duration).toBe('11 minutes');
    const childCount = async (table: typeof lessons | typeof pricingTiers | typeof reviews) => {
      const [{ n } = { n: -1 }] = await ctx.database.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.courseId, 'rag-from-scratch'));
      return n;
    };
    expect(await childCount(lessons)).toBe(course?.lessons.length);
    expect(await childCount(pricingTiers)).toBe(course?.pricingTiers.length);
    expect(await childCount(reviews)).toBe(course?.reviews.length);
    const [edit] = await ctx.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, course?.reviews[0]?.id ?? ''));
    expect(edit?.comment).toBe('Edited.');
    expect(await seedCatalogue(ctx.database.db, edited)).toMatchObject({ written: 0, removed: 0 });
  });

  it('groups lessons into sections: a file with sections round-trips, and one without stays flat', async () => {
    const { courses: files } = await loadCatalogue(dir);
    const titles = ['Foundations', 'Foundations', 'Retrieval', 'Retrieval', 'Evaluation', 'Evaluation'];
    const sectioned = files.map((f) =>
      f.id === 'rag-from-scratch'
        ? { ...f, lessons: f.lessons.map((l, i) => ({ ...l, section: titles[i] ?? 'Evaluation' })) }
        : f,
    );
    await seedCatalogue(ctx.database.db, sectioned);
    const stored = await ctx.database.db
      .select({ id: sections.id, title: sections.title, position: sections.position })
      .from(sections)
      .where(eq(sections.courseId, 'rag-from-scratch'))
      .orderBy(sections.position);
    expect(stored).toEqual([
      { id: 'rag-from-scratch-s1', title: 'Foundations', position: 0 },
      { id: 'rag-from-scratch-s2', title: 'Retrieval', position: 1 },
      { id: 'rag-from-scratch-s3', title: 'Evaluation', position: 2 },
    ]);
    const [third] = await ctx.database.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.courseId, 'rag-from-scratch'), eq(lessons.position, 2)));
    expect(third?.sectionId).toBe('rag-from-scratch-s2');
    const exported = await exportCatalogue(ctx.database.db);
    expect(exported.find((c) => c.id === 'rag-from-scratch')?.lessons.map((l) => l.section)).toEqual(
      sectioned.find((c) => c.id === 'rag-from-scratch')?.lessons.map((l) => l.section),
    );
    // A course of the one default section is written flat, exactly as its file was.
    expect(exported.find((c) => c.id === 'llm-evaluation')?.lessons.every((l) => l.section === undefined)).toBe(true);
    expect((await seedCatalogue(ctx.database.db, exported)).written).toBe(0);
    // Back to a flat file: one section again, the others removed.
    await seedCatalogue(ctx.database.db, files);
    expect(
      await ctx.database.db.select().from(sections).where(eq(sections.courseId, 'rag-from-scratch')),
    ).toMatchObject([{ id: 'rag-from-scratch-s1', title: 'Lessons' }]);
  });

  it('refuses a section whose lessons are not listed together', async () => {
    const course = readCourse('rag-from-scratch');
    course.lessons = course.lessons.map((l: object, i: number) => ({ ...l, section: i % 2 === 0 ? 'A' : 'B' }));
    writeCourse('rag-from-scratch', course);
    expect(await problemsOf()).toContain(
      "courses/rag-from-scratch.json: lessons.2.section: the lessons of section 'A' must be listed together",
    );
  });

  it('lets a watched lesson move to another course, and names every dropped lesson with progress or notes', async () => {
    const { courses: files } = await loadCatalogue(dir);
    await seedCatalogue(ctx.database.db, files);
    const [user] = await ctx.database.db.insert(users).values({ email: 'c@example.com', name: 'C' }).returning();
    const watch = (courseId: string, lessonId: string) =>
      ctx.database.db.insert(lessonProgress).values({ userId: user?.id ?? '', lessonId, courseId, watchedSeconds: 30 });
    const rag = files.find((f) => f.id === 'rag-from-scratch');
    const python = files.find((f) => f.id === 'python-for-ai');
    const moved = rag?.lessons.at(-1);
    const droppedRag = rag?.lessons[0];
    const droppedPython = python?.lessons[0];
    if (!moved || !droppedRag || !droppedPython) throw new Error('the sample catalogue changed');
    await watch('rag-from-scratch', moved.id);
    await watch('rag-from-scratch', droppedRag.id);
    // A note alone holds a lesson too: it would go with the lesson.
    await ctx.database.db.insert(lessonNotes).values({
      userId: user?.id ?? '',
      lessonId: droppedPython.id,
      courseId: 'python-for-ai',
      kind: 'bookmark',
      atSeconds: 5,
    });

    const dropping = files.map((f) =>
      f.id === 'rag-from-scratch' || f.id === 'python-for-ai' ? { ...f, lessons: f.lessons.slice(1) } : f,
    );
    const refused = await seedCatalogue(ctx.database.db, dropping).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentError);
    expect((refused as ContentError).problems.sort()).toEqual([
      `courses/python-for-ai.json: lessons: lesson '${droppedPython.id}' was removed but learners have progress or notes on it; keep it in the file`,
      `courses/rag-from-scratch.json: lessons: lesson '${droppedRag.id}' was removed but learners have progress or notes on it; keep it in the file`,
    ]);

    const moving = files.map((f) => {
      if (f.id === 'rag-from-scratch') return { ...f, lessons: f.lessons.slice(0, -1) };
      if (f.id === 'vector-databases') return { ...f, lessons: [...f.lessons, moved] };
      return f;
    });
    await seedCatalogue(ctx.database.db, moving);
    const [row] = await ctx.database.db.select().from(lessons).where(eq(lessons.id, moved.id));
    expect(row?.courseId).toBe('vector-databases');
  });
});
