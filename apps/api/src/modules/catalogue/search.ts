import { createHash } from 'node:crypto';
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
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { LESSON_SEARCH_DOCUMENT, SEARCH_CONFIG } from '../../db/schema.ts';
import { toSummary } from './queries.ts';

// Catalogue search and filters (decisions 028, 038). One statement per page: the courses whose search row
// (course_search: title, instructor, description and lesson titles in one document, with the sort and filter
// keys) matches the search and the filters, ranked, counted and paged.
//
// The learner's text reaches PostgreSQL only as a bound value: websearch_to_tsquery reads quotes, `or` and `-`
// as a search engine does and never fails on syntax (`&`, `!`, `:*`, `\`, `<->`, parentheses are just text);
// trigram similarity (pg_trgm's `<%`) compares it as plain characters.
//
// Typos: when the words as typed find nothing, the same statement runs again with trigram word similarity on
// the course's title and its lesson titles (GIN gin_trgm_ops indexes), so "transfomers" finds "Transformers, Explained". Doing it
// only then keeps the common case on the full-text indexes alone, and never lets a near-miss outrank a real match.

const CONFIG = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
const tsquery = (text: string) => sql`websearch_to_tsquery(${CONFIG}, ${text})`;

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

/** A search's filters, on its narrow row `s` (course_search holds published courses only). */
function searchFiltersOf(query: CoursesQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (query.difficulty) where.push(sql`s.difficulty = ${query.difficulty}`);
  if (query.price === 'free') where.push(sql`s.price_paise = 0`);
  if (query.price === 'paid') where.push(sql`s.price_paise > 0`);
  if (query.minPrice !== undefined) where.push(sql`s.price_paise >= ${Math.round(query.minPrice * 100)}`);
  if (query.maxPrice !== undefined) where.push(sql`s.price_paise <= ${Math.round(query.maxPrice * 100)}`);
  if (query.duration) {
    const [from, below] = DURATION_SECONDS[query.duration];
    where.push(sql`s.duration_seconds >= ${from} and s.duration_seconds < ${below}`);
  }
  return sql.join(where, sql` and `);
}

/**
 * The matching courses of a search, as a CTE `hits` (the course's id, its sort keys, and its title rank or
 * null): one GIN lookup in course_search (decision 038), whose row per published course carries one document
 * (title, instructor, description, lesson titles), the title's own document and the sort and filter keys, kept
 * by triggers. A title match ranks first, by ts_rank normalised by the title's length ("RAG from Scratch" beats a
 * longer title that mentions RAG); other matches have a null rank. Nothing is parsed at query time, and nothing
 * about a match is read that only a page's rows need (the matched lesson, the lesson count). `fuzzy` adds trigram
 * word similarity of the whole search to the course's title (ranked by that similarity) and to each of its lesson
 * titles (pg_trgm's `<%`, threshold 0.6; lessons_title_trgm_idx, then the course's row by key).
 */
function matchesOf(text: string, fuzzy: boolean, where: SQL): SQL {
  const query = tsquery(text);
  const columns = (titleMatch: SQL, titleRank: SQL) =>
    sql`s.course_id as id, s.students, s.rating, s.published_at, s.price_paise, s.sort_order,
      case when ${titleMatch} then ${titleRank} end as title_rank`;
  if (!fuzzy) {
    return sql`
    hits as (
      select ${columns(sql`s.title_document @@ ${query}`, sql`ts_rank(s.title_document, ${query}, 2)`)}
      from course_search s where s.document @@ ${query} and ${where}
    )`;
  }
  const fuzzyColumns = columns(
    sql`s.title_document @@ ${query} or ${text} <% s.title`,
    sql`greatest(ts_rank(s.title_document, ${query}, 2), word_similarity(${text}, s.title))`,
  );
  return sql`
    hits as (
      select ${fuzzyColumns} from course_search s
      where (s.document @@ ${query} or ${text} <% s.title) and ${where}
      union
      select ${fuzzyColumns} from course_search s
      where s.course_id in (select l.course_id from lessons l where ${text} <% l.title) and ${where}
    )`;
}

const dialect = new PgDialect();

/**
 * A named prepared statement per statement shape (its text; the search text, prices, page size and offset are
 * parameters), one round trip each. On PostgreSQL each pooled connection prepares a shape once, and after five
 * runs the server may keep its generic plan: no planning per search (3 to 13 ms of each, decision 032). PGlite
 * runs the text as it is. Shapes are bounded: the filters present, the sort, plain or typo pass, page or count.
 * (Decision 032 also ran searches in a transaction with sequential scans off, three more round trips, because a
 * sequential scan of courses parsed every course's text; course_search stores its documents.)
 */
async function searchStatement<T>(db: Db, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `catalogue_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
  return rowsOf<T>(await db._.session.prepareQuery(query, undefined, name, false).execute());
}

/** The first lesson (by position) of a page's course whose title matches: read for the page's rows only. */
function matchedLessonOf(text: string, fuzzy: boolean): SQL {
  const query = tsquery(text);
  const lessonFuzzy = fuzzy ? sql` or ${text} <% l.title` : sql``;
  // `offset 0`: the course's few lessons by key, each title parsed, rather than every lesson the search matches.
  return sql`(
    select l.id, l.title from (select id, title, position from lessons where course_id = c.id offset 0) l
    where (${LESSON_SEARCH_DOCUMENT} @@ ${query}${lessonFuzzy})
    order by l.position limit 1
  )`;
}

async function selectPage(
  db: Db,
  query: CoursesQuery,
  text: string | null,
  fuzzy: boolean,
  offset: number,
  limit: number,
): Promise<Row[]> {
  const where = sql.join(filtersOf(query), sql` and `);
  const columns = sql`c.id, c.title, c.description, c.difficulty, c.price_paise, c.thumbnail, c.instructor, c.duration,
      ${students} as students, c.rating, (select count(*) from lessons n where n.course_id = c.id) as lesson_count`;
  if (text === null) {
    const statement = sql`
      select ${columns}, null::text as lesson_id, null::text as lesson_title, count(*) over () as total
      from courses c where ${where}
      order by ${orderOf(query.sort, false)}
      limit ${limit} offset ${offset}`;
    return searchStatement<Row>(db, statement);
  }
  // The page is chosen among the matches by their sort keys alone; only its rows are read in full.
  const statement = sql`
    with ${matchesOf(text, fuzzy, searchFiltersOf(query))},
    page as (
      select p.*, count(*) over () as total from hits p
      order by ${orderOf(query.sort, true, 'p')}
      limit ${limit} offset ${offset}
    )
    select ${columns}, ml.id as lesson_id, ml.title as lesson_title, p.total
    from page p join courses c on c.id = p.id
    left join lateral ${matchedLessonOf(text, fuzzy)} ml on true
    order by ${orderOf(query.sort, true, 'p')}`;
  return searchStatement<Row>(db, statement);
}

async function countMatches(db: Db, query: CoursesQuery, text: string | null, fuzzy: boolean): Promise<number> {
  const statement = text
    ? sql`with ${matchesOf(text, fuzzy, searchFiltersOf(query))} select count(*) as total from hits`
    : sql`select count(*) as total from courses c where ${sql.join(filtersOf(query), sql` and `)}`;
  const [row] = await searchStatement<{ total: number | string }>(db, statement);
  return Number(row?.total ?? 0);
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
  const pageOf = (page: number, fuzzy: boolean) => selectPage(db, query, text, fuzzy, (page - 1) * size, size);
  let fuzzy = false;
  let page = query.page;
  let rows = await pageOf(page, fuzzy);
  let total: number | undefined;
  if (rows.length === 0 && text) {
    // Nothing on this page: either the words as typed find nothing (then forgive typos), or the page is past
    // the end of what they find.
    total = page > 1 ? await countMatches(db, query, text, false) : 0;
    if (total === 0) {
      fuzzy = true;
      total = undefined;
      rows = await pageOf(page, fuzzy);
    }
  }
  if (rows.length > 0) total = Number(rows[0]?.total ?? 0);
  else if (page > 1) {
    total ??= await countMatches(db, query, text, fuzzy);
    page = Math.max(1, Math.ceil(total / size));
    if (total > 0) rows = await pageOf(page, fuzzy);
  } else total = 0;
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
