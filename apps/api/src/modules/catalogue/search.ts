import {
  type CourseHighlight,
  type CourseListItem,
  type CourseSort,
  type CoursesQuery,
  type DurationFilter,
  highlightRanges,
  passageAround,
  SUGGESTIONS_LIMIT,
  type Suggestions,
  searchWords,
} from '@kaushal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { LESSON_SEARCH_DOCUMENT } from '../../db/schema.ts';
import { toSummary } from './queries.ts';
import { searchStatement } from './search-statement.ts';
import { correctSearch, readSearch, type SearchReading } from './search-words.ts';

// Catalogue search and filters (decisions 028, 038, 042). A search reads course_search (one row per published
// course: title, instructor, description and lesson titles in one document, with the sort and filter keys): its
// matches ranked, counted and paged, then the page's rows read in full.
//
// The learner's text reaches PostgreSQL only as a bound value: websearch_to_tsquery reads quotes, `or` and `-`
// as a search engine does and never fails on syntax (`&`, `!`, `:*`, `\`, `<->`, parentheses are just text).
// Later statements take that tsquery back as text (`$n::tsquery`), PostgreSQL's own output.
//
// A one-word search without filters (decision 042) takes its exact total from search_lexemes instead of counting
// every match, and when the word is common finds its page by walking the sort's B-tree (title matches first, from
// their own small index) and stopping at the page's last row. Typos: when the words as typed find nothing, each
// word no course has is corrected to the most similar word courses have (search_lexemes' trigram index), and the
// corrected words are searched like typed ones: "transfomers" finds "Transformers, Explained".

/** A search's tsquery in a statement. */
const tsquery = (reading: SearchReading) => sql`${reading.query}::tsquery`;

/** Seconds of lesson video in each duration filter: [from, below). */
const DURATION_SECONDS: Record<DurationFilter, [number, number]> = {
  short: [0, 3600],
  medium: [3600, 5 * 3600],
  long: [5 * 3600, 2 ** 31 - 1],
};

/** True when the query asks for more than a plain page of the catalogue. */
export function isSearchOrFilter(query: CoursesQuery): boolean {
  return Boolean(
    (query.q && searchWords(query.q).length > 0) ||
      query.difficulty ||
      query.price ||
      query.minPrice !== undefined ||
      query.maxPrice !== undefined ||
      query.duration ||
      (query.sort && query.sort !== 'relevance'),
  );
}

function filtersOf(query: CoursesQuery): SQL[] {
  const where: SQL[] = [sql`c.published`];
  if (query.difficulty) where.push(sql`c.difficulty = ${query.difficulty}`);
  if (query.price === 'free') where.push(sql`c.price_paise = 0`);
  if (query.price === 'paid') where.push(sql`c.price_paise > 0`);
  if (query.minPrice !== undefined) where.push(sql`c.price_paise >= ${Math.round(query.minPrice * 100)}`);
  if (query.maxPrice !== undefined) where.push(sql`c.price_paise <= ${Math.round(query.maxPrice * 100)}`);
  if (query.duration) {
    const [from, below] = DURATION_SECONDS[query.duration];
    where.push(
      sql`(select coalesce(sum(d.duration_seconds), 0) from lessons d where d.course_id = c.id) >= ${from}`,
      sql`(select coalesce(sum(d.duration_seconds), 0) from lessons d where d.course_id = c.id) < ${below}`,
    );
  }
  return where;
}

const students = sql`(c.base_students + c.enrolled_count)`;

/** The order of a page: by the sort asked for, a search by relevance. `k` names a row carrying the sort keys. */
function orderOf(sort: CourseSort | undefined, searching: boolean, k: 'c' | 'p' = 'c'): SQL {
  const row = sql.raw(k);
  const learners = k === 'c' ? students : sql`p.students`;
  const newest = k === 'c' ? sql`coalesce(c.first_published_at, c.created_at)` : sql`p.published_at`;
  switch (sort) {
    case 'popular':
      return sql`${learners} desc, ${row}.rating desc, ${row}.id`;
    case 'rating':
      return sql`${row}.rating desc, ${learners} desc, ${row}.id`;
    case 'newest':
      return sql`${newest} desc, ${row}.id`;
    case 'price-asc':
      return sql`${row}.price_paise asc, ${row}.sort_order, ${row}.id`;
    case 'price-desc':
      return sql`${row}.price_paise desc, ${row}.sort_order, ${row}.id`;
    default:
      // Relevance: a match in the title first, the better title match first (a short title that is mostly the
      // search beats a long one that mentions it); then courses matched by their text or a lesson, the more
      // learners the sooner.
      return searching
        ? sql`${row}.title_rank desc nulls last, ${learners} desc, ${row}.sort_order, ${row}.id`
        : sql`${row}.sort_order, ${row}.id`;
  }
}

interface Row extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  difficulty: CourseListItem['difficulty'];
  price_paise: number;
  thumbnail: string;
  instructor: string;
  duration: string;
  students: number | string;
  rating: number;
  lesson_count: number | string;
  lesson_id: string | null;
  lesson_title: string | null;
  total: number | string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A search's filters, on its narrow row `s` (course_search holds published courses only). The difficulty and "free"
 * are answered by the search's own GIN index beside the words (decision 047): only the matches they keep are read.
 * The price ranges are wrapped in `is true`, which no index answers: a range is many entries of that index, and
 * PostgreSQL would otherwise AND the search's bitmap with the price B-tree's (there for the price sorts' walk,
 * decision 042), reading tens of thousands of entries to save a few hundred heap pages.
 */
export function searchFiltersOf(query: CoursesQuery): SQL {
  const where: SQL[] = [sql`true`];
  const price = (condition: SQL) => where.push(sql`(${condition}) is true`);
  if (query.difficulty) where.push(sql`s.difficulty = ${query.difficulty}`);
  if (query.price === 'free') where.push(sql`s.price_paise = 0`);
  if (query.price === 'paid') price(sql`s.price_paise > 0`);
  if (query.minPrice !== undefined) price(sql`s.price_paise >= ${Math.round(query.minPrice * 100)}`);
  if (query.maxPrice !== undefined) price(sql`s.price_paise <= ${Math.round(query.maxPrice * 100)}`);
  if (query.duration) {
    const [from, below] = DURATION_SECONDS[query.duration];
    where.push(sql`s.duration_seconds >= ${from} and s.duration_seconds < ${below}`);
  }
  return sql.join(where, sql` and `);
}

/** The columns a match carries: the course's id, its sort keys, and its title rank (null: not a title match). */
const matchColumns = (titleRank: SQL) =>
  sql`s.course_id as id, s.students, s.rating, s.published_at, s.price_paise, s.sort_order, ${titleRank} as title_rank`;

/**
 * The matching courses of a search, as a CTE `hits`: one GIN lookup in course_search (decision 038), whose row
 * per published course carries one document (title, instructor, description, lesson titles), the title's own
 * document and the sort and filter keys, kept by triggers. A title match ranks first, by ts_rank normalised by the
 * title's length ("RAG from Scratch" beats a longer title that mentions RAG); other matches have a null rank.
 * Nothing is parsed at query time, and nothing about a match is read that only a page's rows need (the matched
 * lesson, the lesson count).
 */
function matchesOf(q: SQL, where: SQL): SQL {
  return sql`
    hits as (
      select ${matchColumns(sql`case when s.title_document @@ ${q} then ts_rank(s.title_document, ${q}, 2) end`)}
      from course_search s where s.document @@ ${q} and ${where}
    )`;
}

/** The first lesson (by position) of a page's course whose title matches: read for the page's rows only. */
function matchedLessonOf(q: SQL): SQL {
  // `offset 0`: the course's few lessons by key, each title parsed, rather than every lesson the search matches.
  return sql`(
    select l.id, l.title from (select id, title, position from lessons where course_id = c.id offset 0) l
    where ${LESSON_SEARCH_DOCUMENT} @@ ${q}
    order by l.position limit 1
  )`;
}

const pageColumns = sql`c.id, c.title, c.description, c.difficulty, c.price_paise, c.thumbnail, c.instructor,
  c.duration, ${students} as students, c.rating,
  (select count(*) from lessons n where n.course_id = c.id) as lesson_count`;

/** A page of the catalogue without search text: filters and sorts alone. */
async function selectPlainPage(db: Db, query: CoursesQuery, offset: number, limit: number): Promise<Row[]> {
  const where = sql.join(filtersOf(query), sql` and `);
  return searchStatement<Row>(
    db,
    sql`
      select ${pageColumns}, null::text as lesson_id, null::text as lesson_title, count(*) over () as total
      from courses c where ${where}
      order by ${orderOf(query.sort, false)}
      limit ${limit} offset ${offset}`,
  );
}

async function countPlain(db: Db, query: CoursesQuery): Promise<number> {
  const where = sql.join(filtersOf(query), sql` and `);
  const [row] = await searchStatement<{ total: number | string }>(
    db,
    sql`select count(*) as total from courses c where ${where}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * A search's page rows in full, from a CTE `page` of matches (`hits`' columns and `total`): the course, its
 * matched lesson and its lesson count, for the page's rows only.
 */
function fullRowsOf(query: CoursesQuery, reading: SearchReading, pages: SQL): SQL {
  const q = tsquery(reading);
  return sql`
    with ${pages}
    select ${pageColumns}, ml.id as lesson_id, ml.title as lesson_title, p.total
    from page p join courses c on c.id = p.id
    left join lateral ${matchedLessonOf(q)} ml on true
    order by ${orderOf(query.sort, true, 'p')}`;
}

/**
 * A page among all the matches (one GIN lookup, every match's sort keys read from its search row, counted by the
 * window): any search, with any filters. The page is chosen by the sort keys alone.
 */
function countedPageOf(query: CoursesQuery, reading: SearchReading, offset: number, limit: number): SQL {
  return sql`${matchesOf(tsquery(reading), searchFiltersOf(query))},
    page as (
      select p.*, count(*) over () as total from hits p
      order by ${orderOf(query.sort, true, 'p')}
      limit ${limit} offset ${offset}
    )`;
}

/**
 * A page of a one-word search without filters whose word is common (decision 042), its total known: the matches
 * are walked in the sort's order on its B-tree (course_search_*_idx), each row's document checked, until the page's
 * last row, rather than every match read and sorted. `(… @@ …) is true` keeps the planner off the GIN index here,
 * whose bitmap would read every match. By relevance, the title matches come first: they are few and have their own
 * GIN index (the top `offset + limit` of them, ranked); the walk then runs only for the rows after the last title
 * match, and not at all when the title matches fill the page.
 */
function walkedPageOf(query: CoursesQuery, reading: SearchReading, offset: number, limit: number): SQL {
  const q = tsquery(reading);
  const order = orderOf(query.sort, true, 'p');
  const page = (source: SQL) =>
    sql`page as (select p.*, null::bigint as total from ${source} p order by ${order} limit ${limit} offset ${offset})`;
  if (query.sort && query.sort !== 'relevance') {
    return page(sql`(
      select * from (
        select ${matchColumns(sql`null::real`)} from course_search s where (s.document @@ ${q}) is true
      ) p order by ${order} limit ${offset + limit}
    )`);
  }
  return sql`
    titled as (
      select * from (
        select ${matchColumns(sql`ts_rank(s.title_document, ${q}, 2)`)} from course_search s
        where s.title_document @@ ${q}
      ) p order by ${order} limit ${offset + limit}
    ),
    rest as (
      select ${matchColumns(sql`null::real`)} from course_search s
      where (s.document @@ ${q}) is true and not (s.title_document @@ ${q})
      order by s.students desc, s.sort_order, s.course_id
      limit greatest(0, ${offset + limit} - (select count(*) from titled))
    ),
    ${page(sql`(select * from titled union all select * from rest)`)}`;
}

async function countMatches(db: Db, query: CoursesQuery, reading: SearchReading): Promise<number> {
  const [row] = await searchStatement<{ total: number | string }>(
    db,
    sql`with ${matchesOf(tsquery(reading), searchFiltersOf(query))} select count(*) as total from hits`,
  );
  return Number(row?.total ?? 0);
}

const hasFilters = (query: CoursesQuery) =>
  Boolean(
    query.difficulty || query.price || query.minPrice !== undefined || query.maxPrice !== undefined || query.duration,
  );

interface Found {
  rows: Row[];
  total: number;
  page: number;
}

/**
 * The page asked for of a search read (a page past the end clamped to the last), or null when the search matches
 * nothing. A one-word search without filters knows its total before reading any match (search_lexemes); it walks
 * when that costs fewer rows than reading every match: the walk examines about (offset + limit) × rows / total
 * search rows, the GIN lookup reads all `total` matches.
 */
async function findPage(db: Db, query: CoursesQuery, reading: SearchReading): Promise<Found | null> {
  const size = query.size;
  if (!reading.searchable) return null;
  if (reading.lexeme !== null && !hasFilters(query)) {
    const total = reading.courses;
    if (total === 0) return null;
    const page = Math.min(query.page, Math.ceil(total / size));
    const offset = (page - 1) * size;
    const walk = (offset + size) * Math.max(reading.rows, total) < total * total;
    const pages = walk ? walkedPageOf(query, reading, offset, size) : countedPageOf(query, reading, offset, size);
    return { rows: await searchStatement<Row>(db, fullRowsOf(query, reading, pages)), total, page };
  }
  const pageOf = (page: number) =>
    searchStatement<Row>(db, fullRowsOf(query, reading, countedPageOf(query, reading, (page - 1) * size, size)));
  const rows = await pageOf(query.page);
  const [first] = rows;
  if (first) return { rows, total: Number(first.total), page: query.page };
  if (query.page === 1) return null;
  // Nothing on this page: either the search finds nothing, or the page is past the end of what it finds.
  const total = await countMatches(db, query, reading);
  if (total === 0) return null;
  const page = Math.ceil(total / size);
  return { rows: await pageOf(page), total, page };
}

function highlightOf(row: Row, words: string[]): CourseHighlight {
  return {
    title: highlightRanges(row.title, words),
    description: passageAround(row.description, words),
    lesson:
      row.lesson_id && row.lesson_title
        ? { id: row.lesson_id, title: row.lesson_title, ranges: highlightRanges(row.lesson_title, words) }
        : null,
  };
}

/**
 * A page of the catalogue searched, filtered and sorted. A page past the end is clamped to the last one (page 1
 * of no results), as the plain catalogue does.
 */
export async function searchCatalogue(db: Db, query: CoursesQuery) {
  const words = query.q ? searchWords(query.q) : [];
  const text = words.length > 0 && query.q ? query.q : null;
  const size = query.size;
  let found: Found | null;
  if (text === null) {
    let page = query.page;
    let rows = await selectPlainPage(db, query, (page - 1) * size, size);
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && page > 1) {
      total = await countPlain(db, query);
      page = Math.max(1, Math.ceil(total / size));
      if (total > 0) rows = await selectPlainPage(db, query, (page - 1) * size, size);
    }
    found = { rows, total, page: rows.length > 0 ? page : 1 };
  } else {
    found = await findPage(db, query, await readSearch(db, { text }));
    if (!found) {
      // The words as typed find nothing: forgive typos.
      const corrected = await correctSearch(db, words);
      if (corrected) found = await findPage(db, query, await readSearch(db, { query: corrected }));
    }
  }
  const { rows, total, page } = found ?? { rows: [], total: 0, page: 1 };
  const items: CourseListItem[] = rows.map((row) => {
    const summary = toSummary({
      id: row.id,
      title: row.title,
      description: row.description,
      difficulty: row.difficulty,
      pricePaise: Number(row.price_paise),
      thumbnail: row.thumbnail,
      instructor: row.instructor,
      duration: row.duration,
      students: Number(row.students),
      rating: Number(row.rating),
      lessonCount: Number(row.lesson_count),
    });
    return text ? { ...summary, highlight: highlightOf(row, words) } : summary;
  });
  return { items, pages: Math.ceil(total / size), page, total };
}

/**
 * What the search boxes suggest while a learner types: published courses and lessons whose titles are like the
 * text (pg_trgm word similarity, which takes a word's beginning and small typos), most similar first.
 */
export async function suggest(db: Db, q: string): Promise<Suggestions> {
  const words = searchWords(q);
  if (words.length === 0 || q.length < 2) return { courses: [], lessons: [] };
  const [courseRows, lessonRows] = await Promise.all([
    db.execute(sql`
      select c.id, c.title from courses c
      where c.published and ${q} <% c.title
      order by word_similarity(${q}, c.title) desc, c.sort_order, c.id
      limit ${SUGGESTIONS_LIMIT}`),
    db.execute(sql`
      select l.id, l.title, c.id as course_id, c.title as course_title
      from lessons l join courses c on c.id = l.course_id
      where c.published and ${q} <% l.title
      order by word_similarity(${q}, l.title) desc, c.sort_order, l.position
      limit ${SUGGESTIONS_LIMIT}`),
  ]);
  return {
    courses: rowsOf<{ id: string; title: string }>(courseRows).map((row) => ({
      id: row.id,
      title: row.title,
      ranges: highlightRanges(row.title, words, { prefix: true }),
    })),
    lessons: rowsOf<{ id: string; title: string; course_id: string; course_title: string }>(lessonRows).map((row) => ({
      id: row.id,
      title: row.title,
      ranges: highlightRanges(row.title, words, { prefix: true }),
      courseId: row.course_id,
      courseTitle: row.course_title,
    })),
  };
}
