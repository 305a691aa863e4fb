import { type CourseList, courseListSchema } from '@kaushal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { courses, lessons } from '../../db/schema.ts';

// The catalogue's words (decision 042): search_lexemes holds each lexeme of the published courses' search rows
// with the number of courses that have it, kept by the triggers' refresh. One-word searches take their total from
// it and walk the sort's index when the word is common; misspellings are corrected to its words. On PGlite and on
// PostgreSQL (TEST_DATABASE_URL).

describe('catalogue words', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  async function list(query: string): Promise<CourseList> {
    const res = await ctx.app.inject(`/api/v1/courses?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return courseListSchema.parse(res.json());
  }
  const ids = async (query: string) => (await list(`${query}&size=50`)).items.map((course) => course.id);

  /** The stored counts, and the counts of the search rows as they are (ts_stat: documents per lexeme). */
  async function storedAndCounted() {
    const stored = rowsOf<{ lexeme: string; courses: number }>(
      await db().execute(sql`select lexeme, courses from search_lexemes order by lexeme`),
    );
    const counted = rowsOf<{ lexeme: string; courses: number }>(
      await db().execute(
        sql`select word as lexeme, ndoc::int as courses from ts_stat('select document from course_search') order by word`,
      ),
    );
    return { stored, counted };
  }
  const coursesWith = async (lexeme: string) =>
    rowsOf<{ courses: number }>(await db().execute(sql`select courses from search_lexemes where lexeme = ${lexeme}`))[0]
      ?.courses ?? 0;

  it('holds every lexeme of the search rows with the number of courses that have it', async () => {
    const { stored, counted } = await storedAndCounted();
    expect(stored.length).toBeGreaterThan(100);
    expect(stored).toEqual(counted);
    // "rag" is in two published courses (decision 028's test: RAG from Scratch and Multimodal Apps).
    expect(await coursesWith('rag')).toBe(2);
  });

  it('follows a course created, renamed, unpublished and deleted, and a lesson added and renamed', async () => {
    expect(await coursesWith('capybara')).toBe(0);
    await db().insert(courses).values({
      id: 'capybara-course',
      title: 'Capybara Systems',
      description: 'Calm engineering.',
      difficulty: 'Beginner',
      pricePaise: 0,
      published: true,
    });
    expect(await coursesWith('capybara')).toBe(1);
    await db().update(courses).set({ title: 'Narwhal Systems' }).where(eq(courses.id, 'capybara-course'));
    expect(await coursesWith('capybara')).toBe(0);
    expect(await coursesWith('narwhal')).toBe(1);
    const [section] = await db()
      .select({ id: lessons.sectionId })
      .from(lessons)
      .where(eq(lessons.courseId, 'python-for-ai'))
      .limit(1);
    await db()
      .insert(lessons)
      .values({
        id: 'python-for-ai-narwhal',
        courseId: 'python-for-ai',
        sectionId: section?.id ?? '',
        position: 999,
        title: 'Narwhal notebooks',
        durationSeconds: 60,
      });
    expect(await coursesWith('narwhal')).toBe(2);
    await db().update(lessons).set({ title: 'Ibex notebooks' }).where(eq(lessons.id, 'python-for-ai-narwhal'));
    expect(await coursesWith('narwhal')).toBe(1);
    expect(await coursesWith('ibex')).toBe(1);
    await db().update(courses).set({ published: false }).where(eq(courses.id, 'capybara-course'));
    expect(await coursesWith('narwhal')).toBe(0);
    // A word of every course stays, counted down by one.
    const before = await coursesWith('ibex');
    await db().update(courses).set({ published: false }).where(eq(courses.id, 'python-for-ai'));
    expect(await coursesWith('ibex')).toBe(before - 1);
    await db().update(courses).set({ published: true }).where(eq(courses.id, 'python-for-ai'));
    await db().delete(courses).where(eq(courses.id, 'python-for-ai'));
    expect(await coursesWith('ibex')).toBe(0);
    const { stored, counted } = await storedAndCounted();
    expect(stored).toEqual(counted);
    // An enrolment rewrites the course's search row with the same words: the counts do not move.
    await db()
      .update(courses)
      .set({ enrolledCount: sql`${courses.enrolledCount} + 1` })
      .where(eq(courses.id, 'rag-from-scratch'));
    expect((await storedAndCounted()).stored).toEqual(counted);
  });

  it('follows one statement that rewrites many search rows, some of their words changed and some not', async () => {
    // 300 courses in one statement, then one statement over all of them: a third renamed (their words move), the
    // rest given learners only (the same words, rewritten). Migration 0019 counts such a rewrite without a join of
    // the trigger's transition tables (decision 047); the counts must still equal the rows'.
    await db().execute(sql`
      insert into courses (id, title, description, difficulty, price_paise, published)
      select 'bulk-' || g, 'Okapi Pipelines ' || g, 'Bulk course.', 'Beginner', 0, true
      from generate_series(1, 300) as g`);
    expect(await coursesWith('okapi')).toBe(300);
    await db().execute(sql`
      update courses set
        title = case when right(id, 1) in ('0', '3', '6') then 'Quokka Pipelines' else title end,
        base_students = base_students + 7
      where id like 'bulk-%'`);
    const renamed = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from courses where id like 'bulk-%' and title like 'Quokka%'`),
    )[0]?.n;
    expect(renamed).toBe(90);
    expect(await coursesWith('quokka')).toBe(90);
    expect(await coursesWith('okapi')).toBe(210);
    const { stored, counted } = await storedAndCounted();
    expect(stored).toEqual(counted);
  });

  it('corrects a misspelt word to a word of the catalogue, and follows the catalogue', async () => {
    // "Okafor" is an instructor: no title or lesson has it.
    expect(await ids('q=okafor')).toEqual(['ai-agents-tool-use']);
    expect(await ids('q=okafr')).toEqual(['ai-agents-tool-use']);
    // Every word is corrected or known; a word with no near word finds nothing.
    expect((await ids('q=transfomers%20attention'))[0]).toBe('transformers-explained');
    expect(await ids('q=transfomers%20zzqqxxv')).toEqual([]);
    // The word list follows a rename: the old word is no longer offered, the new one is.
    await db().update(courses).set({ title: 'Zanzibar Retrieval' }).where(eq(courses.id, 'rag-from-scratch'));
    expect(await ids('q=zanzibr')).toEqual(['rag-from-scratch']);
    await db().update(courses).set({ title: 'RAG from Scratch' }).where(eq(courses.id, 'rag-from-scratch'));
    expect(await ids('q=zanzibr')).toEqual([]);
    // The misspelling is highlighted where the corrected word matched.
    const [first] = (await list('q=transfomers')).items;
    expect(first?.highlight?.title).toEqual([[0, 12]]);
  });

  it('pages a one-word search the same whether its page is walked or counted', async () => {
    // A word in several courses. Asked one by one (size 1), each page is walked on the sort's index: the page's
    // last row is well within the matches. Asked 50 at a time, every match is read and counted.
    const word = 'model';
    const all = await list(`q=${word}&size=50`);
    expect(all.total).toBeGreaterThan(4);
    expect(all.total).toBe(await coursesWith(word));
    for (const sort of ['relevance', 'popular', 'rating', 'newest', 'price-asc', 'price-desc']) {
      const everything = await ids(`q=${word}&sort=${sort}`);
      const oneByOne: string[] = [];
      for (let page = 1; page <= everything.length; page++) {
        const body = await list(`q=${word}&sort=${sort}&size=1&page=${page}`);
        expect(body).toMatchObject({ total: everything.length, pages: everything.length, page });
        oneByOne.push(...body.items.map((course) => course.id));
      }
      expect(oneByOne, sort).toEqual(everything);
    }
    // Title matches first, then by learners, as before.
    const byRelevance = (await list(`q=${word}&size=50`)).items;
    const titled = byRelevance.map((course) => (course.highlight?.title.length ?? 0) > 0);
    expect(titled).toEqual([...titled].sort((a, b) => Number(b) - Number(a)));
    // A page past the end is the last page.
    expect(await list(`q=${word}&size=1&page=999`)).toMatchObject({ page: all.total, pages: all.total });
  });
});
