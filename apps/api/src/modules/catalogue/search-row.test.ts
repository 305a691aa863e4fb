import { type CourseList, courseListSchema } from '@kaushal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { courseSearch, courses, lessons } from '../../db/schema.ts';

// The narrow search row per course (decision 038) is derived by statement-level triggers on courses and lessons:
// every edit a search can see must show in the next search, on PGlite and on PostgreSQL (TEST_DATABASE_URL).

describe('catalogue search row', () => {
  const ctx = useTestApp();

  async function ids(query: string): Promise<string[]> {
    const res = await ctx.app.inject(`/api/v1/courses?${query}&size=50`);
    expect(res.statusCode, res.body).toBe(200);
    return (courseListSchema.parse(res.json()) as CourseList).items.map((course) => course.id);
  }
  const db = () => ctx.database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /** The search rows as stored, and as the triggers' function would write them now from the courses as they are. */
  async function storedAndRecomputed() {
    const read = async () =>
      rowsOf<Record<string, unknown>>(
        await db().execute(sql`select course_id, document::text as document, title_document::text as title_document,
          title, difficulty, price_paise, students, rating, published_at, sort_order, duration_seconds
          from course_search order by course_id`),
      );
    const stored = await read();
    await db().execute(sql`delete from course_search`);
    await db().execute(sql`select refresh_course_search(array(select id from courses))`);
    return { stored, recomputed: await read() };
  }

  it('holds one row per published course, as the triggers would write it from scratch', async () => {
    const published = await db().select({ id: courses.id }).from(courses).where(eq(courses.published, true));
    const { stored, recomputed } = await storedAndRecomputed();
    expect(stored.map((row) => row.course_id).sort()).toEqual(published.map((c) => c.id).sort());
    expect(stored).toEqual(recomputed);
    const [rag] = await db().select().from(courseSearch).where(eq(courseSearch.courseId, 'rag-from-scratch'));
    const ragLessons = await db()
      .select({ title: lessons.title, seconds: lessons.durationSeconds })
      .from(lessons)
      .where(eq(lessons.courseId, 'rag-from-scratch'));
    expect(ragLessons.length).toBeGreaterThan(1);
    expect(rag?.durationSeconds).toBe(ragLessons.reduce((sum, l) => sum + l.seconds, 0));
    // Every lesson title's words are in the course's one document.
    const missing = await db().execute(sql`
      select l.title from lessons l join course_search s on s.course_id = l.course_id
      where l.course_id = 'rag-from-scratch' and not (s.document @@ plainto_tsquery('english', l.title))`);
    expect(rowsOf(missing)).toEqual([]);
  });

  it('follows a course retitled', async () => {
    expect(await ids('q=zanzibar')).toEqual([]);
    await db().update(courses).set({ title: 'Zanzibar Retrieval' }).where(eq(courses.id, 'rag-from-scratch'));
    expect(await ids('q=zanzibar')).toEqual(['rag-from-scratch']);
    // The old title's word now finds it through its lessons and text only: a course newly titled with it ranks first.
    await db().update(courses).set({ title: 'RAG for Images' }).where(eq(courses.id, 'multimodal-apps'));
    expect(await ids('q=rag')).toEqual(['multimodal-apps', 'rag-from-scratch']);
    // Misspellings follow the new title too (the trigram pass).
    expect((await ids('q=zanzibr'))[0]).toBe('rag-from-scratch');
  });

  it('follows a lesson added, renamed and removed', async () => {
    const [first] = await db()
      .select({ sectionId: lessons.sectionId })
      .from(lessons)
      .where(eq(lessons.courseId, 'python-for-ai'))
      .limit(1);
    expect(first).toBeDefined();
    await db()
      .insert(lessons)
      .values({
        id: 'python-for-ai-quokka',
        courseId: 'python-for-ai',
        sectionId: first?.sectionId ?? '',
        position: 999,
        title: 'Quokka notebooks',
        durationSeconds: 60,
      });
    expect(await ids('q=quokka')).toEqual(['python-for-ai']);
    const added = await ctx.app.inject('/api/v1/courses?q=quokka');
    expect(courseListSchema.parse(added.json()).items[0]?.highlight?.lesson).toMatchObject({
      id: 'python-for-ai-quokka',
      title: 'Quokka notebooks',
    });
    await db().update(lessons).set({ title: 'Wombat notebooks' }).where(eq(lessons.id, 'python-for-ai-quokka'));
    expect(await ids('q=quokka')).toEqual([]);
    expect(await ids('q=wombat')).toEqual(['python-for-ai']);
    // Moved to another course: found there, no longer in the first.
    const [other] = await db()
      .select({ sectionId: lessons.sectionId })
      .from(lessons)
      .where(eq(lessons.courseId, 'ml-foundations'))
      .limit(1);
    await db()
      .update(lessons)
      .set({ courseId: 'ml-foundations', sectionId: other?.sectionId ?? '' })
      .where(eq(lessons.id, 'python-for-ai-quokka'));
    expect(await ids('q=wombat')).toEqual(['ml-foundations']);
    await db().delete(lessons).where(eq(lessons.id, 'python-for-ai-quokka'));
    expect(await ids('q=wombat')).toEqual([]);
    // Lesson running time feeds the duration filter.
    await db().update(lessons).set({ durationSeconds: 4000 }).where(eq(lessons.courseId, 'responsible-ai'));
    expect(await ids('q=responsible&duration=long')).toEqual(['responsible-ai']);
    const { stored, recomputed } = await storedAndRecomputed();
    expect(stored).toEqual(recomputed);
  });

  it('drops a course unpublished or deleted, and brings one republished back', async () => {
    expect(await ids('q=rag')).toContain('rag-from-scratch');
    await db().update(courses).set({ published: false }).where(eq(courses.id, 'rag-from-scratch'));
    expect(await ids('q=rag')).not.toContain('rag-from-scratch');
    expect(await db().select().from(courseSearch).where(eq(courseSearch.courseId, 'rag-from-scratch'))).toEqual([]);
    await db().update(courses).set({ published: true }).where(eq(courses.id, 'rag-from-scratch'));
    expect((await ids('q=rag'))[0]).toBe('rag-from-scratch');
    await db().delete(courses).where(eq(courses.id, 'rag-from-scratch'));
    expect(await ids('q=rag')).not.toContain('rag-from-scratch');
    expect(await db().select().from(courseSearch).where(eq(courseSearch.courseId, 'rag-from-scratch'))).toEqual([]);
  });

  it('follows the sort keys: learners, price and rating', async () => {
    const popular = await ids('q=llm&sort=popular');
    expect(popular.length).toBeGreaterThan(1);
    const last = popular.at(-1) ?? '';
    await db()
      .update(courses)
      .set({ enrolledCount: sql`${courses.enrolledCount} + 1000000` })
      .where(eq(courses.id, last));
    expect((await ids('q=llm&sort=popular'))[0]).toBe(last);
    await db().update(courses).set({ pricePaise: 0 }).where(eq(courses.id, last));
    expect(await ids('q=llm&price=free')).toContain(last);
    await db().update(courses).set({ rating: 5.5 }).where(eq(courses.id, last));
    expect((await ids('q=llm&sort=rating'))[0]).toBe(last);
  });

  it('keeps both of two concurrent edits of one course (the later refresh waits for the earlier)', async () => {
    const [first] = await db()
      .select({ sectionId: lessons.sectionId })
      .from(lessons)
      .where(eq(lessons.courseId, 'python-for-ai'))
      .limit(1);
    const lesson = (id: string, title: string) => ({
      id,
      courseId: 'python-for-ai',
      sectionId: first?.sectionId ?? '',
      position: id === 'race-a' ? 901 : 902,
      title,
      durationSeconds: 60,
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const firstInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // The first transaction writes its lesson (its refresh locks the course) and stays open; the second writes
    // another lesson of the same course meanwhile (on PostgreSQL its refresh waits for the lock; PGlite runs one
    // transaction at a time), then the first commits.
    const one = db().transaction(async (tx) => {
      await tx.insert(lessons).values(lesson('race-a', 'Aardvark notebooks'));
      inserted();
      await gate;
    });
    await firstInserted;
    const two = db().transaction(async (tx) => {
      await tx.insert(lessons).values(lesson('race-b', 'Bonobo notebooks'));
    });
    setTimeout(release, 300);
    await Promise.all([one, two]);
    expect(await ids('q=aardvark')).toEqual(['python-for-ai']);
    expect(await ids('q=bonobo')).toEqual(['python-for-ai']);
  });

  it('keeps up with one statement writing many courses and lessons (as an import or seed does)', async () => {
    await db().execute(sql`
      insert into courses (id, title, difficulty, price_paise, published)
      select 'bulk-' || g, 'Okapi course ' || g, 'Beginner', 0, g % 2 = 0 from generate_series(1, 40) g`);
    await db().execute(sql`
      insert into sections (id, course_id, position, title)
      select 'bulk-' || g || '-s', 'bulk-' || g, 1, 'Lessons' from generate_series(1, 40) g`);
    await db().execute(sql`
      insert into lessons (id, course_id, section_id, position, title, duration_seconds)
      select 'bulk-' || g || '-' || n, 'bulk-' || g, 'bulk-' || g || '-s', n, 'Pangolin part ' || n, 60
      from generate_series(1, 40) g, generate_series(1, 3) n`);
    expect(await ids('q=okapi')).toHaveLength(20);
    expect(await ids('q=pangolin')).toHaveLength(20);
    await db().execute(sql`update courses set published = true where id like 'bulk-%'`);
    expect(await ids('q=pangolin')).toHaveLength(40);
    await db().execute(sql`delete from lessons where id like 'bulk-%-1' or id like 'bulk-%-2' or id like 'bulk-%-3'`);
    expect(await ids('q=pangolin')).toEqual([]);
    expect(await ids('q=okapi')).toHaveLength(40);
    const { stored, recomputed } = await storedAndRecomputed();
    expect(stored).toEqual(recomputed);
  });
});
